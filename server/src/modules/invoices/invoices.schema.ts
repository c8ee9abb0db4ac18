import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { toId } from '../../ids'
import type { INVOICE_SORTS, InvoiceDetail, InvoiceView, PaymentDetails } from './invoices.service'
import { invoiceStatuses, type paymentKinds, type InvoiceLine } from './invoices.tables'

const InvoiceSortEnum = builder.enumType('InvoiceSort', {
  description: 'A column the invoice list sorts by.',
  values: {
    id: { description: 'Invoice number.' },
    issuedDate: { description: 'Issue date.' },
    dueDate: { description: 'Due date.' },
    total: { description: 'Total amount.' },
    balance: { description: 'Amount still owed.' },
    client: { description: 'Client name.' },
    invoiceStatus: { description: 'Status.' },
    service: { description: 'Service billed.' },
  } satisfies Record<(typeof INVOICE_SORTS)[number], { description: string }>,
})
const PaymentKindEnum = builder.enumType('PaymentKind', {
  description: 'Money in or out on an invoice.',
  values: {
    payment: { description: 'Money received: lowers the balance.' },
    refund: { description: 'Money paid back: raises the balance.' },
  } satisfies Record<(typeof paymentKinds)[number], { description: string }>,
})

const InvoiceClientRef = builder.objectRef<InvoiceView['client']>('InvoiceClient').implement({
  extensions: guardedByParent,
  description: 'Who an invoice is addressed to; empty strings for details not given.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The client’s name.' }),
    company: t.exposeString('company', { description: 'Company.' }),
    companyEmail: t.exposeString('companyEmail', { description: 'E-mail the invoice is sent to.' }),
    address: t.exposeString('address', { description: 'Postal address.' }),
    country: t.exposeString('country', { description: 'Country.' }),
    contact: t.exposeString('contact', { description: 'Phone.' }),
  }),
})

const InvoiceRef = builder.objectRef<InvoiceView>('Invoice').implement({
  extensions: guardedByParent,
  description: 'An invoice (spec §3). Dates are YYYY-MM-DD; money in the configured CURRENCY; Past Due is derived from the due date.',
  fields: (t) => ({
    id: t.id({ description: 'The invoice number (a decimal number as a string).', resolve: (i) => String(i.id) }),
    issuedDate: t.exposeString('issuedDate', { description: 'Issue date, YYYY-MM-DD.' }),
    dueDate: t.exposeString('dueDate', { description: 'Due date, YYYY-MM-DD.' }),
    client: t.field({ type: InvoiceClientRef, description: 'Who it is addressed to.', resolve: (i) => i.client }),
    service: t.exposeString('service', { description: 'What is billed, in one line.' }),
    total: t.exposeFloat('total', { description: 'Sum of the lines (e.g. 29.97).' }),
    balance: t.exposeFloat('balance', { description: 'Still owed: total minus payments plus refunds (0 when paid).' }),
    avatar: t.exposeString('avatar', { nullable: true, description: 'The billed user’s picture; null: none.' }),
    invoiceStatus: t.exposeString('invoiceStatus', { description: `One of ${invoiceStatuses.join(', ')}.` }),
  }),
})

const PaymentDetailsRef = builder.objectRef<PaymentDetails>('PaymentDetails').implement({
  extensions: guardedByParent,
  description: 'Bank-transfer details (the manual payment provider; INVOICE_BANK_* settings).',
  fields: (t) => ({
    totalDue: t.exposeFloat('totalDue', { description: 'The amount to transfer (the balance).' }),
    bankName: t.exposeString('bankName', { description: 'The bank (INVOICE_BANK_NAME).' }),
    country: t.exposeString('country', { description: 'The bank’s country.' }),
    iban: t.exposeString('iban', { description: 'The IBAN to pay to (INVOICE_IBAN); empty: given on request.' }),
    swiftCode: t.exposeString('swiftCode', { description: 'The bank’s SWIFT/BIC code.' }),
  }),
})

const InvoiceLineRef = builder.objectRef<InvoiceLine>('InvoiceLine').implement({
  extensions: guardedByParent,
  description: 'One line of an invoice.',
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What it is.' }),
    qty: t.exposeInt('qty', { description: 'Quantity.' }),
    price: t.exposeFloat('price', { description: 'Unit price.' }),
  }),
})

const InvoicePaymentRef = builder.objectRef<InvoiceDetail['payments'][number]>('InvoicePayment').implement({
  extensions: guardedByParent,
  description: 'A payment or refund recorded on an invoice.',
  fields: (t) => ({
    id: t.id({ description: 'The payment id.', resolve: (p) => String(p.id) }),
    kind: t.field({ type: PaymentKindEnum, description: 'Payment or refund.', resolve: (p) => p.kind }),
    provider: t.exposeString('provider', { description: 'How it was paid, e.g. `manual` (a bank transfer recorded by staff).' }),
    amount: t.exposeFloat('amount', { description: 'The amount, positive.' }),
    reference: t.exposeString('reference', { description: 'The bank or provider reference (may be empty).' }),
    at: t.expose('at', { type: 'DateTime', description: 'When it was recorded.' }),
  }),
})

const InvoiceDetailRef = builder.objectRef<InvoiceDetail>('InvoiceDetail').implement({
  extensions: guardedByParent,
  description: 'An invoice with its lines, payments and how to pay it.',
  fields: (t) => ({
    invoice: t.field({ type: InvoiceRef, description: 'The invoice.', resolve: (d) => d.invoice }),
    paymentDetails: t.field({ type: PaymentDetailsRef, description: 'How to pay by bank transfer.', resolve: (d) => d.paymentDetails }),
    lines: t.field({ type: [InvoiceLineRef], description: 'Its lines, in order.', resolve: (d) => d.lines }),
    note: t.exposeString('note', { description: 'A note printed on it (may be empty).' }),
    orderId: t.id({
      nullable: true,
      description: 'The shop order it bills; null for an invoice written by hand.',
      resolve: (d) => (d.orderId === null ? null : String(d.orderId)),
    }),
    payments: t.field({ type: [InvoicePaymentRef], description: 'Payments and refunds, oldest first.', resolve: (d) => d.payments }),
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
  description: 'One page of invoices.',
  fields: (t) => ({
    invoices: t.field({ type: [InvoiceRef], description: 'The invoices of this page.', resolve: (p) => p.invoices }),
    total: t.exposeInt('total', { description: 'Invoices matching over all pages.' }),
    currency: t.string({ description: 'ISO 4217 code of the amounts (CURRENCY).', resolve: (_p, _a, ctx) => ctx.services.plans.currency }),
  }),
})

const InvoiceClientInput = builder.inputType('InvoiceClientInput', {
  description: 'The client’s details (name and e-mail required on create; on update only those given change).',
  fields: (t) => ({
    name: t.string({ description: '1 to 120 characters.' }),
    company: t.string({ description: 'At most 120 characters.' }),
    companyEmail: t.string({ description: 'A valid e-mail address (stored in lower case).' }),
    address: t.string({ description: 'At most 300 characters.' }),
    country: t.string({ description: 'At most 100 characters.' }),
    contact: t.string({ description: 'Phone, at most 60 characters.' }),
  }),
})
const InvoiceLineInput = builder.inputType('InvoiceLineInput', {
  description: 'One line of an invoice.',
  fields: (t) => ({
    description: t.string({ required: true, description: '1 to 200 characters.' }),
    qty: t.int({ required: true, description: '1 to 10000.' }),
    price: t.float({ required: true, description: 'Unit price in CURRENCY, whole cents (e.g. 9.99).' }),
  }),
})
const InvoiceInput = builder.inputType('InvoiceInput', {
  description: "An invoice written by hand: for a user in scope (userId) and/or by the client's details; dates YYYY-MM-DD.",
  fields: (t) => ({
    userId: t.id({ description: 'Create only: the billed user (in your scope); their details fill the client when no client is given.' }),
    client: t.field({ type: InvoiceClientInput, description: 'The client’s details.' }),
    service: t.string({ description: 'What is billed, 1 to 200 characters (required on create).' }),
    lines: t.field({ type: [InvoiceLineInput], description: '1 to 100 lines (required on create).' }),
    note: t.string({ description: 'At most 2000 characters.' }),
    issuedDate: t.string({ description: 'YYYY-MM-DD; omitted on create: today.' }),
    dueDate: t.string({ description: 'YYYY-MM-DD; omitted on create: the issue date plus INVOICE_DUE_DAYS.' }),
  }),
})
const PaymentInput = builder.inputType('PaymentInput', {
  description: 'A payment received or a refund made.',
  fields: (t) => ({
    kind: t.field({ type: PaymentKindEnum, description: 'Omitted: payment.' }),
    amount: t.float({ required: true, description: 'Positive, whole cents, at most 100000000.' }),
    reference: t.string({ description: 'The bank reference, at most 200 characters.' }),
  }),
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
      q: t.arg.string({ description: 'Part of the client’s name or e-mail (at most 100 characters).' }),
      perPage: t.arg.int({ description: 'Invoices per page, 1 to 100 (default 10).' }),
      page: t.arg.int({ description: 'The page, from 1 (default 1).' }),
      sortBy: t.arg({ type: InvoiceSortEnum, description: 'The sort; omitted: id.' }),
      sortDesc: t.arg.boolean({ description: 'True: descending.' }),
      status: t.arg.string({ description: `One of ${invoiceStatuses.join(', ')}.` }),
    },
    resolve: (_r, args, ctx) => ctx.services.invoices.list(ctx.principal, given(args)),
  }),
  invoice: t.withAuth({ signedIn: true }).field({
    type: InvoiceDetailRef,
    nullable: true,
    description: 'One invoice in scope; null when unknown or out of scope.',
    args: { id: t.arg.id({ required: true, description: 'The invoice number.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.invoices.get(ctx.principal, toId(id)),
  }),
  invoiceClients: t.withAuth({ signedIn: true }).field({
    type: [InvoiceClientRef],
    description: 'The clients of the invoices in your scope, to pick one when writing an invoice.',
    resolve: (_r, _a, ctx) => ctx.services.invoices.clients(ctx.principal),
  }),
}))

builder.mutationFields((t) => ({
  createInvoice: t.withAuth({ can: ['create', 'Invoice'] }).field({
    type: InvoiceDetailRef,
    description: 'Admins and resellers: a Draft invoice; audited.',
    args: { input: t.arg({ type: InvoiceInput, required: true, description: 'The invoice.' }) },
    resolve: (_r, { input }, ctx) => ctx.services.invoices.create(ctx.principal, given(input)),
  }),
  updateInvoice: t.withAuth({ can: ['update', 'Invoice'] }).field({
    type: InvoiceDetailRef,
    description: 'Admins and resellers: changes an invoice in scope (only the fields given); audited.',
    args: {
      id: t.arg.id({ required: true, description: 'The invoice number.' }),
      input: t.arg({ type: InvoiceInput, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.invoices.update(ctx.principal, toId(id), given(input)),
  }),
  sendInvoice: t.withAuth({ can: ['update', 'Invoice'] }).field({
    type: InvoiceDetailRef,
    description: 'Mails the invoice to the client (the outbox); a Draft becomes Sent.',
    args: { id: t.arg.id({ required: true, description: 'The invoice number.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.invoices.send(ctx.principal, toId(id)),
  }),
  recordInvoicePayment: t.withAuth({ can: ['update', 'Invoice'] }).field({
    type: InvoiceDetailRef,
    description:
      'Admins record a bank transfer received (or a refund) on any invoice, a reseller on the invoices they wrote for their clients (not shop invoices); audited. Paid in full: the licence keys are minted and activated.',
    args: {
      id: t.arg.id({ required: true, description: 'The invoice number.' }),
      input: t.arg({ type: PaymentInput, required: true, description: 'The payment or refund.' }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.invoices.recordPayment(ctx.principal, toId(id), given(input)),
  }),
}))
