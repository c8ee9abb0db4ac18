import { z } from 'zod'

/**
 * The query parameters the tables share (GraphQL's accounts tables and GET /good-table/*): an
 * empty or null value counts as not given; bounded text, whole numbers and days with their
 * field named in the error.
 */
export const blank = (v: unknown) => (v === '' || v === null ? undefined : v)
export const text = (max: number) => z.preprocess(blank, z.string().trim().max(max, `At most ${max} characters.`).optional())
export const whole = (name: string, min: number, max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ message: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .optional(),
  )
export const day = (name: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be YYYY-MM-DD`)
      .optional(),
  )
