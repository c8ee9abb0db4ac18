import { writeFileSync } from 'node:fs'
import { printSchema } from 'graphql'
import { buildSchema } from './schema'

/** `npm run schema`: prints the schema the code builds to schema/schema.graphql (committed). */
export const printedSchema = () => printSchema(buildSchema()) + '\n'

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*\//, ''))) {
  writeFileSync(new URL('../../../schema/schema.graphql', import.meta.url), printedSchema())
  console.log('schema/schema.graphql written')
}
