import { existsSync, readFileSync } from 'node:fs'
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { Config } from '../config'
import type { AppEnv } from './guarded'
import { inlineScriptHashes } from './inline-script-hashes'

/** AUTH_PROVIDER=firebase: the browser's Firebase SDK talks to Google's identity endpoints (or the emulator). */
function firebaseConnectSources(config: Config): string[] {
  if (config.AUTH_PROVIDER !== 'firebase') return []
  if (config.FIREBASE_AUTH_EMULATOR_HOST) return [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`]
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']
}

/** The overlay's page (not its event stream nor its built files). */
const OVERLAY_PAGE = /^\/overlay\/[^/]+$/

/** The documents' security headers (content security policy included) and the built assets' smaller set. */
export function securityHeaders(config: Config, indexFile: string): MiddlewareHandler<AppEnv> {
  // The built index.html's own inline script (the skin before the first paint), allowed by its hash.
  const indexScripts = existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : []
  const policy = (frameAncestors: string[]) => ({
    defaultSrc: ["'self'"],
    // Scripts only from this server (GraphiQL's too, see graphql/graphiql.ts); inline only index.html's own, by hash.
    scriptSrc: ["'self'", ...indexScripts, 'https://www.googletagmanager.com'],
    // styled-components (and GraphiQL's editor) set style elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // GraphiQL's stylesheet carries its fonts as data: URLs.
    fontSrc: ["'self'", 'data:'],
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'", 'https://www.google-analytics.com', ...firebaseConnectSources(config)],
    frameAncestors,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  })
  const documentHeaders = secureHeaders({ contentSecurityPolicy: policy(["'none'"]), crossOriginEmbedderPolicy: false })
  // The overlay page (modules/alerts) may be framed by this origin only: the alerts editor's live
  // preview shows it in an iframe. Streaming software opens it as a page, never framed.
  const overlayHeaders = secureHeaders({ contentSecurityPolicy: policy(["'self'"]), crossOriginEmbedderPolicy: false })
  // A built file (script, style, font, image) is no document: the policy, framing, referrer
  // and transport rules act on the page that loads it. It keeps what applies to a subresource
  // (no sniffing, same-origin loads only), about 1 KiB less on each of the first screen's
  // requests (HTTP/1.1 does not compress headers).
  const assetHeaders = secureHeaders({
    contentSecurityPolicy: undefined,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  })
  return (c, next) => {
    if (c.req.path.startsWith('/assets/')) return assetHeaders(c, next)
    return OVERLAY_PAGE.test(c.req.path) ? overlayHeaders(c, next) : documentHeaders(c, next)
  }
}
