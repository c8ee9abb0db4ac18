/** The shop's inputs, validated at the edge. */
import { z } from 'zod'
import { priceInput } from '../../money'
import { colorOptions } from './shop.tables'
import { idInput, parseInput } from '../../http/input'
import { PRODUCT_SORTS } from './shop-model'

export const parse = parseInput

/** A product id as REST and GraphQL send it ("12" or 12). */
export const productIdField = idInput('int4', 'Not a product id.')

export const listInput = z.object({
  q: z.string().trim().max(100).optional().default(''),
  sortBy: z.enum(PRODUCT_SORTS).optional().default('featured'),
  perPage: z.coerce.number().int().min(1).max(100).optional().default(9),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
})

/** An image: an http(s) address, a path of this site, or an uploaded PNG/JPEG/WebP as a data URL (up to ~300 KB). */
export const imageField = z
  .string()
  .trim()
  .max(400_000)
  .refine(
    (v) => v === '' || /^(https?:\/\/|\/(?!\/))[^\s]{0,2040}$/i.test(v) || /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(v),
    'An http(s) address, a path of this site, or a PNG, JPEG or WebP image.',
  )
  .nullable()
  .transform((v) => (v ? v : null))

export const productInput = z
  .object({
    name: z.string().trim().min(1).max(120),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes.')
      .max(120),
    description: z.string().trim().max(4000),
    brand: z.string().trim().max(120),
    price: priceInput,
    image: imageField,
    hasFreeShipping: z.boolean(),
    rating: z.number().int().min(1).max(5),
    colorOptions: z.array(z.enum(colorOptions)).max(5),
    sortOrder: z.number().int().min(-10_000).max(10_000),
    /** Licence products: the plan and the days its key gives (both or neither). */
    planId: productIdField.nullable(),
    totalDays: z.number().int().min(1).max(3650).nullable(),
  })
  .strict()
