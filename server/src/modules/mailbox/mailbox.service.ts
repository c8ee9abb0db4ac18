import { bindDeps } from '../../use-cases'
import { compose, recipients } from './compose'
import { deliverProductMail } from './deliver-product-mail'
import type { MailboxDeps } from './mailbox.deps'
import { sanitizeEmailHtml } from './mailbox-model'
import { adjacent, attachment, get, list } from './read-emails'
import { toggleLabel, update } from './update-emails'

export { ATTACHMENT_MAX_BYTES, ATTACHMENTS_MAX, sanitizeEmailHtml, textToHtml, type EmailView } from './mailbox-model'
export { checkAttachment, checkFolder, checkIds, checkLabel, type AttachmentInput, type ComposeInput } from './mailbox-inputs'

/** The mailbox: one use case per file over the deps. */
export function createMailboxService(deps: MailboxDeps) {
  return {
    sanitize: sanitizeEmailHtml,
    ...bindDeps(deps, { list, get, update, toggleLabel, adjacent, recipients, compose, attachment, deliverProductMail }),
  }
}

export type MailboxService = ReturnType<typeof createMailboxService>
