import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isSpecifiedScalarType, type GraphQLNamedType } from 'graphql'
import { describe, expect, it } from 'vitest'
import { buildSchema } from '../../../server/src/graphql/schema'
import { notYetDescribed } from './schema-descriptions.pending'

/**
 * Issue 32: an integrator reads the schema, so every type, field, argument, input field and
 * enum value says what it is (`description:` in Pothos). This builds the schema the server
 * serves and lists everything without a description (or with one that is only whitespace).
 */
function undescribedIn(type: GraphQLNamedType): string[] {
  const missing: string[] = []
  const has = (d: string | null | undefined) => Boolean(d?.trim())
  if (!has(type.description)) missing.push(`type ${type.name}`)
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      if (!has(field.description)) missing.push(`${type.name}.${field.name}`)
      for (const arg of field.args) if (!has(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name})`)
    }
  } else if (isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) if (!has(field.description)) missing.push(`${type.name}.${field.name}`)
  } else if (isEnumType(type)) {
    for (const value of type.getValues()) if (!has(value.description)) missing.push(`${type.name}.${value.name}`)
  }
  return missing
}

const ownTypes = () => Object.values(buildSchema().getTypeMap()).filter((t) => !t.name.startsWith('__') && !(isScalarType(t) && isSpecifiedScalarType(t)))

describe('schema descriptions', () => {
  it('describe every type, field, argument, input field and enum value (outside the pending list)', () => {
    const pending = new Set(notYetDescribed)
    const missing = ownTypes()
      .filter((t) => !pending.has(t.name))
      .flatMap(undescribedIn)
    expect(missing, 'described nowhere: add a `description`').toEqual([])
  })

  it('the pending list only shrinks: a type it names is still undescribed somewhere and still exists', () => {
    const types = new Map(ownTypes().map((t) => [t.name, t]))
    const stale = notYetDescribed.filter((name) => {
      const type = types.get(name)
      return !type || undescribedIn(type).length === 0
    })
    expect(stale, 'fully described (or gone): remove from schema-descriptions.pending.ts').toEqual([])
  })

  it('marks deprecations with a reason', () => {
    const silent: string[] = []
    for (const type of ownTypes()) {
      if (isObjectType(type) || isInterfaceType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (field.deprecationReason !== undefined && field.deprecationReason !== null && !field.deprecationReason.trim())
            silent.push(`${type.name}.${field.name}`)
        }
      }
      if (isEnumType(type)) {
        for (const value of type.getValues())
          if (value.deprecationReason !== undefined && value.deprecationReason !== null && !value.deprecationReason.trim())
            silent.push(`${type.name}.${value.name}`)
      }
    }
    expect(silent).toEqual([])
  })
})
