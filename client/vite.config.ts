import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { type Plugin, defineConfig, loadEnv } from 'vite'
import { firstPaintSkin } from './vite-first-paint-skin.js'
import { writeFirstScreenModule } from './vite-first-screen.js'

const clientRoot = fileURLToPath(new URL('.', import.meta.url))
const repoRoot = fileURLToPath(new URL('..', import.meta.url))

const DEFAULT_APP_TITLE = 'Channel Assistant'
const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:4000'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Puts the configured app title into index.html's <title>. */
function appTitle(title: string): Plugin {
  return {
    name: 'app-title',
    transformIndexHtml: (html) => html.replace('%APP_TITLE%', escapeHtml(title)),
  }
}

/**
 * Adds the first-screen preload module (vite-first-screen.ts), then writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, so the
 * server sends them precompressed at the best level instead of compressing on each request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? ''
      // First the module that preloads the first screen's chunks (it also edits index.html).
      writeFirstScreenModule(outDir, bundle)
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName) || fileName.endsWith('.map')) continue
        const path = join(outDir, fileName)
        const raw = readFileSync(path)
        if (raw.length < 1024) continue
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        )
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }))
      }
    },
  }
}

const proxy = {
  '/graphql': { target: API_TARGET, changeOrigin: true, ws: true },
  '/jwt': { target: API_TARGET, changeOrigin: true },
  '/apps': { target: API_TARGET, changeOrigin: true },
  '/healthz': { target: API_TARGET, changeOrigin: true },
  // The overlay page and its event stream (modules/alerts); a pattern, so /overlay-sounds/ stays Vite's.
  '^/overlay/': { target: API_TARGET, changeOrigin: true },
}

/**
 * The Apollo set-up (client, links, provider, the first screen's query) and the app layouts'
 * GraphQL side (app-graphql, the session sync): in the Apollo chunk, loaded where Apollo is.
 */
const APOLLO_SETUP =
  /[\\/](lib[\\/](apollo|apollo-provider|auth-error-link|graphql-link|sse-link|first-query)|app[\\/]components[\\/]app-graphql|features[\\/]session[\\/]components[\\/]session-sync)\.tsx?$/

/**
 * node_modules packages per vendor chunk; Apollo/GraphQL stay out of the sign-in pages. A group
 * also takes what its modules import that no group of a higher priority took, so the chunks every
 * page loads come first, and the Apollo chunk takes the app's Apollo set-up (`with`) but not the
 * shared helpers it imports.
 */
const VENDOR_GROUPS: { name: string; packages: string[]; priority: number; with?: RegExp }[] = [
  { name: 'vendor-react', packages: ['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'], priority: 30 },
  {
    name: 'vendor-ui',
    packages: [
      'styled-components',
      'stylis',
      '@emotion',
      'i18next',
      'react-i18next',
      'html-parse-stringify',
      'void-elements',
      'use-sync-external-store',
      '@casl',
      '@ucast',
    ],
    priority: 28,
  },
  {
    name: 'vendor-apollo',
    packages: ['@apollo/client', 'graphql', 'rxjs', '@wry', 'optimism', 'ts-invariant', 'tslib', 'graphql-tag', '@graphql-typed-document-node'],
    priority: 20,
    with: APOLLO_SETUP,
  },
]

/**
 * The app's shared UI pieces and helpers (components/ui, lib, and a small module the first
 * screens need: the sign-in API) in one chunk instead of one tiny file
 * each: a page used to wait for a dozen 300-byte chunks, each a request with its own round trip
 * on a phone network (over HTTP/1.1 a browser has six connections, each a request at a time).
 * The Apollo set-up stays out, so the sign-in pages load without it.
 */
const APP_SHARED = /[\\/]client[\\/]src[\\/]((components[\\/]ui|lib)[\\/]|features[\\/]auth[\\/]api[\\/]auth-api\.ts$)/
/**
 * The assistant feature's shared pieces (its lib, hooks and top-level components), the channel page
 * kit its pages and the raids, videos and conversation pages share (components/channel-page) and
 * its English strings (always loaded: English is the fallback) in one chunk: each page needs several.
 */
const ASSISTANT_SHARED =
  /[\\/]client[\\/]src[\\/](features[\\/]assistant[\\/](lib[\\/]|hooks[\\/]|components[\\/][^\\/]+\.tsx$|locales[\\/]en\.json$)|components[\\/]channel-page[\\/])/

function packagePattern(packages: string[]): RegExp {
  const names = packages.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, (c) => (c === '/' ? '[\\\\/]' : `\\${c}`)))
  return new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`)
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, repoRoot, 'VITE_')
  const title = env.VITE_APP_TITLE?.trim() || DEFAULT_APP_TITLE
  return {
    root: clientRoot,
    envDir: repoRoot,
    publicDir: 'public',
    plugins: [react(), appTitle(title), firstPaintSkin(), precompress()],
    build: {
      outDir: '../dist/client',
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      rolldownOptions: {
        output: {
          // A chunk of generated documents is named after its .graphql file (`licences-….js`, not
          // `licences.generated-….js`): the entry lists every chunk's name for its preloads.
          chunkFileNames: (chunk) => `assets/${chunk.name.replace(/\.generated$/, '')}-[hash].js`,
          codeSplitting: {
            groups: [
              ...VENDOR_GROUPS.map(({ name, packages, priority, with: also }) => {
                const pattern = packagePattern(packages)
                return { name, test: (id: string) => pattern.test(id) || Boolean(also?.test(id)), priority }
              }),
              // Above the Apollo chunk: the helpers its set-up imports stay here, for every page.
              { name: 'app-shared', test: (id: string) => APP_SHARED.test(id) && !APOLLO_SETUP.test(id), priority: 26 },
              { name: 'assistant-shared', test: ASSISTANT_SHARED, priority: 4 },
            ],
          },
        },
      },
    },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
  }
})
