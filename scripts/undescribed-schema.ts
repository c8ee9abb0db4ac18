// `npx tsx scripts/undescribed-schema.ts`: the types with anything undescribed (one a line; the count on stderr); tests/unit/server/schema-descriptions.test.ts fails on any.
import { buildSchema } from '../server/src/graphql/schema'
import { isObjectType, isInterfaceType, isInputObjectType, isEnumType, isScalarType, isSpecifiedScalarType } from 'graphql'
const out = new Set<string>()
let n = 0
for (const t of Object.values(buildSchema().getTypeMap())) {
  if (t.name.startsWith('__') || (isScalarType(t) && isSpecifiedScalarType(t))) continue
  const miss = (d?: string | null) => {
    if (!d?.trim()) {
      out.add(t.name)
      n++
    }
  }
  miss(t.description)
  if (isObjectType(t) || isInterfaceType(t))
    for (const f of Object.values(t.getFields())) {
      miss(f.description)
      for (const a of f.args) miss(a.description)
    }
  if (isInputObjectType(t)) for (const f of Object.values(t.getFields())) miss(f.description)
  if (isEnumType(t)) for (const v of t.getValues()) miss(v.description)
}
console.error(`${out.size} types, ${n} items`)
console.log([...out].sort().join('\n'))
