import { z } from 'zod'

/**
 * Money arrives as a JSON number in the currency (19.99, the spec's shapes) and is stored in
 * numeric(p, 2) columns. It is validated as whole cents within bounds and added up in integer
 * cents: a float sum of prices is not exact, and a total past its column's end fails in SQL
 * (numeric field overflow, a 500) instead of answering which limit was passed.
 */

/** The largest amount a numeric(precision, 2) column holds, in cents. */
const columnMaxCents = (precision: number) => 10 ** precision - 1

/** Prices (products, plans, order lines): numeric(10, 2). Bounded well inside it. */
export const PRICE_MAX = 1_000_000
/** Totals and payments (invoices.total, invoice_payments.amount, orders.total): numeric(12, 2). */
export const TOTAL_MAX_CENTS = columnMaxCents(12)

export const toCents = (v: string | number) => Math.round(Number(v) * 100)
export const fromCents = (cents: number) => cents / 100

/** An amount from `min` to `max` in the currency, in whole cents (no fractions of a cent). */
export const moneyInput = (min: number, max: number) =>
  z.number().min(min, `At least ${min}.`).max(max, `At most ${max}.`).multipleOf(0.01, 'Whole cents: at most two decimals.')

/** A price: 0 to PRICE_MAX. */
export const priceInput = moneyInput(0, PRICE_MAX)

type Line = { qty: number; price: string | number }

/** The total of lines of `qty` × `price` in cents, exact (integers well below 2^53 within the bounds). */
export const linesCents = (lines: readonly Line[]) => lines.reduce((sum, l) => sum + toCents(l.price) * l.qty, 0)

/** Whether lines add up to a total the totals' column holds. */
export const linesFit = (lines: readonly Line[]) => linesCents(lines) <= TOTAL_MAX_CENTS

/** The message for lines that do not fit, naming the limit. */
export const TOTAL_TOO_LARGE = `The total may be at most ${fromCents(TOTAL_MAX_CENTS).toFixed(2)}.`
