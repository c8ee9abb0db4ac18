import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { toId } from '../../ids'
import { INVOICE_SORTS, type InvoiceDetail, type InvoiceView, type PaymentDetails } from './invoices.service'
import { invoiceStatuses, paymentKinds, type InvoiceLine } from './invoices.tables'

const InvoiceSortEnum = builder.enumType('InvoiceSort', { values: INVOICE_SORTS })
const PaymentKindEnum = builder.enumType('PaymentKind', { values: paymentKinds })

const InvoiceClientRef = builder.objectRef<InvoiceView['client']>('InvoiceClient').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    name: t.exposeString('name'),
    company: t.exposeString('company'),
    companyEmail: t.exposeString('companyEmail'),
    address: t.exposeString('address'),
    country: t.exposeString('country'),
    contact: t.exposeString('contact'),
  }),
})

const InvoiceRef = builder.objectRef<InvoiceView>('Invoice').implement({
  extensions: guardedByParent,
  description: 'An invoice (spec §3). Dates are YYYY-MM-DD; money in the configured CURRENCY; Past Due is derived from the due date.',
  fields: (t) => ({
    id: t.id({ resolve: (i) => String(i.id) }),
    issuedDate: t.exposeString('issuedDate'),
    dueDate: t.exposeString('dueDate'),
    client: t.field({ type: InvoiceClientRef, resolve: (i) => i.client }),
    service: t.exposeString('service'),
    total: t.exposeFloat('total'),
    balance: t.exposeFloat('balance'),
    avatar: t.exposeString('avatar', { nullable: true }),
    invoiceStatus: t.exposeString('invoiceStatus', { description: `One of ${invoiceStatuses.join(', ')}.` }),
  }),
})

const PaymentDetailsRef = builder.objectRef<PaymentDetails>('PaymentDetails').implement({
  extensions: guardedByParent,
  description: 'Bank-transfer details (the manual payment provider; INVOICE_BANK_* settings).',
  fields: (t) => ({
    totalDue: t.exposeFloat('totalDue'),
    bankName: t.exposeString('bankName'),
    country: t.exposeString('country'),
    iban: t.exposeString('iban'),
    swiftCode: t.exposeString('swiftCode'),
  }),
})

const InvoiceLineRef = builder.objectRef<InvoiceLine>('InvoiceLine').implement({
  extensions: guardedByParent,
  fields: (t) => ({ description: t.exposeString('description'), qty: t.exposeInt('qty'), price: t.exposeFloat('price') }),
})

const InvoicePaymentRef = builder.objectRef<InvoiceDetail['payments'][number]>('InvoicePayment').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ resolve: (p) => String(p.id) }),
    kind: t.field({ type: PaymentKindEnum, resolve: (p) => p.kind }),
    provider: t.exposeString('provider'),
    amount: t.exposeFloat('amount'),
    reference: t.exposeString('reference'),
    at: t.expose('at', { type: 'DateTime' }),
  }),
})

const InvoiceDetailRef = builder.objectRef<InvoiceDetail>('InvoiceDetail').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    invoice: t.field({ type: InvoiceRef, resolve: (d) => d.invoice }),
    paymentDetails: t.field({ type: PaymentDetailsRef, resolve: (d) => d.paymentDetails }),
    lines: t.field({ type: [InvoiceLineRef], resolve: (d) => d.lines }),
    note: t.exposeString('note'),
    orderId: t.id({ nullable: true, resolve: (d) => (d.orderId === null ? null : String(d.orderId)) }),
    payments: t.field({ type: [InvoicePaymentRef], resolve: (d) => d.payments }),
    currency: t.string({ description: 'ISO 4217 code of the amounts (CURRENCY).', resolve: (_d, _a, ctx) => ctx.services.plans.currency }),
    canManage: t.boolean({ description: 'Whether the caller may edit and send it.', resolve: (d) => d.canManage }),
    canRecordPayment: t.boolean({
      description: 'Whether the caller may record payments and refunds (shop invoices: admins only; a reseller on the invoices they wrote).',
      resolve: (d) => d.canRecordPayment,
    }),
    licenceIds: t.idList({ description: 'The licence keys this invoice minted when paid.', resolve: (d) => d.licenceIds.map(String) }),
  }),
})

const InvoicePageRef = builder.objectRef<{ invoices: InvoiceView[]; total: number }>('InvoicePage').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    invoices: t.field({ type: [InvoiceRef], resolve: (p) => p.invoices }),
    total: t.exposeInt('total'),
    currency: t.string({ description: 'ISO 4217 code of the amounts (CURRENCY).', resolve: (_p, _a, ctx) => ctx.services.plans.currency }),
  }),
})

const InvoiceClientInput = builder.inputType('InvoiceClientInput', {
  fields: (t) => ({
    name: t.string(),
    company: t.string(),
    companyEmail: t.string(),
    address: t.string(),
    country: t.string(),
    contact: t.string(),
  }),
})
const InvoiceLineInput = builder.inputType('InvoiceLineInput', {
  fields: (t) => ({ description: t.string({ required: true }), qty: t.int({ required: true }), price: t.float({ required: true }) }),
})
const InvoiceInput = builder.inputType('InvoiceInput', {
  description: "An invoice written by hand: for a user in scope (userId) and/or by the client's details; dates YYYY-MM-DD.",
  fields: (t) => ({
    userId: t.id(),
    client: t.field({ type: InvoiceClientInput }),
    service: t.string(),
    lines: t.field({ type: [InvoiceLineInput] }),
    note: t.string(),
    issuedDate: t.string(),
    dueDate: t.string(),
  }),
})
const PaymentInput = builder.inputType('PaymentInput', {
  fields: (t) => ({ kind: t.field({ type: PaymentKindEnum }), amount: t.float({ required: true }), reference: t.string() }),
})

const given = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, v && typeof v === 'object' && !Array.isArray(v) ? given(v as Record<string, unknown>) : v]),
  )

builder.queryFields((t) => ({
  // Invoices: signed in; the service keeps each caller to their scope and lets only admins and the buyer's reseller change one
  // (writing and changing them is staff's: STAFF_ABILITY). Payments on a shop invoice (they mint licence keys) are
  // admins' only: the service refuses a reseller FORBIDDEN (invoices.service.ts canRecordPayment).
  invoices: t.withAuth({ signedIn: true }).field({
    type: InvoicePageRef,
    description: "Invoices in scope (admins all, resellers their clients' and their own, clients their own); q on the client's name or e-mail.",
    args: {
      q: t.arg.string(),
      perPage: t.arg.int(),
      page: t.arg.int(),
      sortBy: t.arg({ type: InvoiceSortEnum }),
      sortDesc: t.arg.boolean(),
      status: t.arg.string({ description: `One of ${invoiceStatuses.join(', ')}.` }),
    },
    resolve: (_r, args, ctx) => ctx.services.invoices.list(ctx.principal, given(args)),
  }),
  invoice: t.withAuth({ signedIn: true }).field({
    type: InvoiceDetailRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.invoices.get(ctx.principal, toId(id)),
  }),
  invoiceClients: t.withAuth({ signedIn: true }).field({ type: [InvoiceClientRef], resolve: (_r, _a, ctx) => ctx.services.invoices.clients(ctx.principal) }),
}))

builder.mutationFields((t) => ({
  createInvoice: t.withAuth({ can: ['create', 'Invoice'] }).field({
    type: InvoiceDetailRef,
    description: 'Admins and resellers: a Draft invoice; audited.',
    args: { input: t.arg({ type: InvoiceInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.invoices.create(ctx.principal, given(input)),
  }),
  updateInvoice: t.withAuth({ can: ['update', 'Invoice'] }).field({
    type: InvoiceDetailRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: InvoiceInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => ctx.services.invoices.update(ctx.principal, toId(id), given(input)),
  }),
  sendInvoice: t.withAuth({ can: ['update', 'Invoice'] }).field({
    type: InvoiceDetailRef,
    description: 'Mails the invoice to the client (the outbox); a Draft becomes Sent.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.invoices.send(ctx.principal, toId(id)),
  }),
  recordInvoicePayment: t.withAuth({ can: ['update', 'Invoice'] }).field({
    type: InvoiceDetailRef,
    description:
      'Admins record a bank transfer received (or a refund) on any invoice, a reseller on the invoices they wrote for their clients (not shop invoices); audited. Paid in full: the licence keys are minted and activated.',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: PaymentInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => ctx.services.invoices.recordPayment(ctx.principal, toId(id), given(input)),
  }),
}))
