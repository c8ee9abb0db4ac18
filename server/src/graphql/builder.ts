import SchemaBuilder from '@pothos/core'
import type { GraphQLContext } from './context'

/** The schema builder. It defines no types: each feature adds its own in `<feature>.schema.ts`. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext
  Scalars: { DateTime: { Input: Date; Output: Date }; JSON: { Input: never; Output: unknown } }
  DefaultFieldNullability: false
}>({ defaultFieldNullability: false })
