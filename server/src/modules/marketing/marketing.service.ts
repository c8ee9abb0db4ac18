import { eq } from 'drizzle-orm'
import { createSigner } from '../../auth/signing'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { marketingEvents } from './marketing.tables'

/** A transparent 1×1 GIF, the open-tracking pixel. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const MAIL_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Marketing mail (/pages/trackMarketing, /pages/redirectToPage, /pages/unsubscribemail):
 * signed open pixels and click links, redirects only to the product's own address and
 * allow-listed hosts (no open redirect), and unsubscribe links carrying an HMAC-signed user id. The keys derive from
 * the JWT secret, one per purpose.
 */
export function createMarketingService(deps: { db: Db; secret: string; redirectHosts: string[]; publicUrl: string; now: () => Date }) {
  const { db, now } = deps
  const hosts = new Set(deps.redirectHosts.map((h) => h.toLowerCase()))
  // The product's own address is always a destination (its mails link to its pages), whatever MARKETING_REDIRECT_HOSTS says.
  const ownOrigin = new URL(deps.publicUrl).origin
  const tracking = createSigner(deps.secret, 'marketing-tracking', 16)
  const unsubscribing = createSigner(deps.secret, 'marketing-unsubscribe', 16)
  const base = deps.publicUrl.replace(/\/$/, '')

  /** The destination, if it is an http(s) address on an allow-listed host. */
  function allowedUrl(raw: string): URL | undefined {
    if (typeof raw !== 'string' || raw.length > 2048) return undefined
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return undefined
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    if (url.username || url.password) return undefined
    return url.origin === ownOrigin || hosts.has(url.hostname.toLowerCase()) ? url : undefined
  }

  const clickData = (mailId: string, url: string) => `click\n${mailId}\n${url}`

  /** Links to put in a marketing mail. */
  function links(mailId: string, userId: number, destination?: string) {
    if (!MAIL_ID.test(mailId)) throw new AppError('BAD_USER_INPUT', 'Invalid mail id')
    const open = `${base}/apps/marketing/open?m=${mailId}&s=${tracking.sign(`open\n${mailId}`)}`
    let click: string | undefined
    if (destination !== undefined) {
      const url = allowedUrl(destination)
      if (!url) throw new AppError('BAD_USER_INPUT', 'This destination is not allowed', { url: ['Not an allow-listed host.'] })
      const href = url.toString()
      click = `${base}/apps/marketing/click?m=${mailId}&url=${encodeURIComponent(href)}&s=${tracking.sign(clickData(mailId, href))}`
    }
    return { open, click, unsubscribeToken: unsubscribeToken(userId) }
  }

  /**
   * The links of a text mail (no pixel there): the signed web view, which records the open
   * (/pages/trackMarketing), the signed click through /pages/redirectToPage to a page of the
   * product (`path`, e.g. /dashboard/), and the unsubscribe page with the user's token.
   */
  function mailLinks(mailId: string, userId: number, path: string) {
    if (!MAIL_ID.test(mailId)) throw new AppError('BAD_USER_INPUT', 'Invalid mail id')
    const href = new URL(path, `${base}/`).toString()
    if (!allowedUrl(href)) throw new AppError('BAD_USER_INPUT', 'This destination is not allowed', { url: ['Not an allow-listed host.'] })
    const query = (params: Record<string, string>) => new URLSearchParams(params).toString()
    return {
      view: `${base}/pages/trackMarketing?${query({ m: mailId, s: tracking.sign(`open\n${mailId}`) })}`,
      click: `${base}/pages/redirectToPage?${query({ m: mailId, url: href, s: tracking.sign(clickData(mailId, href)) })}`,
      unsubscribe: `${base}/pages/unsubscribemail?${query({ token: unsubscribeToken(userId) })}`,
    }
  }

  /** Records an open when the pixel's link is signed; the pixel is served either way. */
  async function recordOpen(mailId: string | undefined, signature: string | undefined): Promise<boolean> {
    if (!mailId || !MAIL_ID.test(mailId) || !signature || !tracking.verify(`open\n${mailId}`, signature)) return false
    await db.insert(marketingEvents).values({ mailId, kind: 'open', at: now() })
    return true
  }

  /** Checks a click link and records it; returns where to redirect. Anything else is refused. */
  async function click(mailId: string | undefined, destination: string | undefined, signature: string | undefined): Promise<string> {
    const url = destination ? allowedUrl(destination) : undefined
    if (!url) throw new AppError('BAD_USER_INPUT', 'This link leads somewhere not allowed.', { url: ['Not an allow-listed host.'] })
    const href = url.toString()
    if (!mailId || !MAIL_ID.test(mailId) || !signature || !tracking.verify(clickData(mailId, href), signature)) {
      throw new AppError('BAD_USER_INPUT', 'This link is invalid.', { s: ['Invalid signature.'] })
    }
    await db.insert(marketingEvents).values({ mailId, kind: 'click', url: href, at: now() })
    return href
  }

  function unsubscribeToken(userId: number): string {
    return `${userId}.${unsubscribing.sign(`unsubscribe\n${userId}`)}`
  }

  /** Sets the user's email opt-out; answers the same whether or not it was already set. */
  async function unsubscribe(token: unknown): Promise<void> {
    const invalid = () => new AppError('BAD_USER_INPUT', 'This unsubscribe link is invalid.', { token: ['This unsubscribe link is invalid.'] })
    if (typeof token !== 'string' || token.length > 200) throw invalid()
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]+)$/.exec(token)
    if (!match || !unsubscribing.verify(`unsubscribe\n${match[1]}`, match[2]!)) throw invalid()
    const updated = await db
      .update(users)
      .set({ emailOptOut: true, updatedAt: now() })
      .where(eq(users.id, Number(match[1])))
      .returning({ id: users.id })
    if (updated.length === 0) throw invalid()
  }

  return { links, mailLinks, recordOpen, click, unsubscribe, unsubscribeToken, allowedUrl }
}

export type MarketingService = ReturnType<typeof createMarketingService>
