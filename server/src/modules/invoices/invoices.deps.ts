import type { Db } from '../../db/client'
import type { AuditService } from '../audit/audit.service'
import type { LicencesService } from '../licences/licences.service'
import type { MailService } from '../mail/mail.service'

/** What createInvoicesService is given. */
export interface InvoicesOptions {
  db: Db
  audit: AuditService
  mail: MailService
  licences: LicencesService
  now: () => Date
  currency: string
  dueDays: number
  bank: { bankName: string; country: string; iban: string; swiftCode: string }
  sellerName?: string
  publicUrl: string
}

/** What the invoices' use cases share: the options, the seller's name settled. */
export interface InvoicesDeps extends InvoicesOptions {
  seller: string
}
