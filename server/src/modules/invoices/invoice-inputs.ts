/** The invoices' inputs, validated at the edge. */
import { z } from 'zod'
import { idInput, parseInput } from '../../http/input'
import { linesFit, priceInput, TOTAL_TOO_LARGE } from '../../money'
import { invoiceStatuses, paymentKinds } from './invoices.tables'
import { INVOICE_SORTS } from './invoice-view'

export const parse = parseInput

export const idField = idInput('int8')
export const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= '2000-01-01' && v <= '2100-12-31', 'A date, YYYY-MM-DD.')
export const boolish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true')

export const listInput = z.object({
  q: z.string().trim().max(100).optional().default(''),
  perPage: z.coerce.number().int().min(1).max(100).optional().default(10),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  sortBy: z.enum(INVOICE_SORTS).optional().default('id'),
  sortDesc: boolish.optional().default(true),
  status: z
    .union([z.enum(invoiceStatuses), z.literal('')])
    .optional()
    .default(''),
})

export const text = (max: number) => z.string().trim().max(max)
export const lineInput = z.object({
  description: text(200).min(1),
  qty: z.number().int().min(1).max(10_000),
  price: priceInput,
})
/** Up to 100 lines whose total (in exact cents) fits invoices.total. */
export const linesInput = z.array(lineInput).min(1).max(100).refine(linesFit, TOTAL_TOO_LARGE)
export const clientInput = z
  .object({
    name: text(120).min(1),
    company: text(120).default(''),
    companyEmail: z.string().trim().toLowerCase().max(320).email(),
    address: text(300).default(''),
    country: text(100).default(''),
    contact: text(60).default(''),
  })
  .strict()
export const invoiceInput = z
  .object({
    /** The billed account (a user in the caller's scope); its details fill the client when no client is given. */
    userId: idField.nullish(),
    client: clientInput.optional(),
    service: text(200).min(1),
    lines: linesInput,
    note: text(2000).default(''),
    issuedDate: dayField.optional(),
    dueDate: dayField.optional(),
  })
  .strict()
export const updateInput = z
  .object({
    client: clientInput.partial(),
    service: text(200).min(1),
    lines: linesInput,
    note: text(2000),
    issuedDate: dayField,
    dueDate: dayField,
  })
  .partial()
  .strict()
export const paymentInput = z
  .object({
    kind: z.enum(paymentKinds).default('payment'),
    amount: z.number().positive().max(100_000_000).multipleOf(0.01),
    reference: text(200).default(''),
  })
  .strict()
