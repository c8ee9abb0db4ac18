import type { AuditService } from '../audit/audit.service'
import type { LicencesService } from '../licences/licences.service'
import type { MailService } from '../mail/mail.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createInvoicesService } from './invoices.service'
import { mountInvoiceRoutes } from './invoices.rest'
import './invoices.schema'

/** The shop's invoices, paid by bank transfer (the manual provider). */
export const invoicesModule = defineModule({
  name: 'invoices',
  services: ({ config, db, now, publicUrl, audit, mail, licences }: Core & { audit: AuditService; mail: MailService; licences: LicencesService }) => ({
    invoices: createInvoicesService({
      db,
      audit,
      mail,
      licences,
      now,
      currency: config.CURRENCY,
      dueDays: config.INVOICE_DUE_DAYS,
      bank: { bankName: config.INVOICE_BANK_NAME, country: config.INVOICE_BANK_COUNTRY, iban: config.INVOICE_IBAN, swiftCode: config.INVOICE_SWIFT },
      publicUrl,
    }),
  }),
  rest: mountInvoiceRoutes,
})
