import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import { checkIds, checkLabel } from './mailbox.service'
import { mailboxDocs } from './mailbox.api-doc'

const idOf = (v: string | undefined, field: string) => {
  const id = parseId(v)
  if (!id) throw new AppError('BAD_USER_INPUT', `${field} must be a positive integer`, { [field]: [`${field} must be a positive integer`] })
  return id
}

/**
 * The mailbox in the spec's shapes (§7), over the same service as GraphQL. Every call works on
 * the caller's own mailbox: another user's email ids read as missing (ignored by the updates,
 * 404 with no body for paging and attachments).
 */
export function mountMailboxRoutes(app: Hono<AppEnv>) {
  // The mailbox: signed in; the service works only on the caller's own emails.
  guarded(app, 'GET', '/apps/email/emails', rule.signedIn, mailboxDocs.list, async (c, p) => {
    const q = c.req.query('q')
    if (q !== undefined && q.length > 200) throw new AppError('BAD_USER_INPUT', 'q is too long')
    const res = await c.get('services').mailbox.list(p!.userId, { q, folder: c.req.query('folder') || undefined, label: c.req.query('label') || undefined })
    return c.json(res)
  })

  guarded(app, 'POST', '/apps/email/update-emails', rule.signedIn, mailboxDocs.update, async (c, p) => {
    const body = await jsonBody(c)
    const data = body.dataToUpdate
    if (!data || typeof data !== 'object' || Array.isArray(data))
      throw new AppError('BAD_USER_INPUT', 'dataToUpdate must be an object', { dataToUpdate: ['dataToUpdate must be an object'] })
    await c.get('services').mailbox.update(p!.userId, checkIds(body.emailIds), data as Record<string, unknown>)
    return c.body(null, 200)
  })

  guarded(app, 'POST', '/apps/email/update-emails-label', rule.signedIn, mailboxDocs.updateLabel, async (c, p) => {
    const body = await jsonBody(c)
    await c.get('services').mailbox.toggleLabel(p!.userId, checkIds(body.emailIds), checkLabel(body.label))
    return c.body(null, 200)
  })

  guarded(app, 'GET', '/apps/email/paginate-email', rule.signedIn, mailboxDocs.paginate, async (c, p) => {
    const dir = c.req.query('dir')
    if (dir !== 'next' && dir !== 'previous') throw new AppError('BAD_USER_INPUT', 'dir must be previous or next', { dir: ['dir must be previous or next'] })
    const email = await c.get('services').mailbox.adjacent(p!.userId, idOf(c.req.query('emailId'), 'emailId'), dir)
    if (!email) return c.body(null, 404)
    return c.json(email)
  })

  // Attachments are always downloaded, never shown inline (no sniffing, no scripts).
  guarded(app, 'GET', '/apps/email/attachments/:emailId/:attachmentId', rule.signedIn, mailboxDocs.attachment, async (c, p) => {
    const file = await c
      .get('services')
      .mailbox.attachment(p!.userId, idOf(c.req.param('emailId'), 'emailId'), idOf(c.req.param('attachmentId'), 'attachmentId'))
    if (!file) return c.body(null, 404)
    c.header('content-type', file.contentType)
    c.header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.\- ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    c.header('x-content-type-options', 'nosniff')
    c.header('cache-control', 'private, no-store')
    return c.body(new Uint8Array(file.data))
  })
}
