import {
  GraphQLEnumType,
  GraphQLObjectType,
  GraphQLString,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  type GraphQLNamedType,
} from 'graphql'
import { describe, expect, it } from 'vitest'
import { buildSchema } from '../../../server/src/graphql/schema'

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
  it('describe every type, field, argument, input field and enum value', () => {
    const types = ownTypes()
    // The walk itself: the schema is the served one, with its own types, fields, arguments and enum values.
    expect(types.length).toBeGreaterThan(100)
    expect(types.some((t) => isEnumType(t) && t.getValues().length > 0)).toBe(true)
    const missing = types.flatMap(undescribedIn)
    expect(missing, 'described nowhere: add a `description`').toEqual([])
  })

  it('finds what is undescribed (the check can fail)', () => {
    const bare = new GraphQLObjectType({
      name: 'Bare',
      fields: { x: { type: GraphQLString, args: { y: { type: GraphQLString } } } },
    })
    const blank = new GraphQLEnumType({ name: 'Blank', description: ' ', values: { A: {} } })
    expect(undescribedIn(bare)).toEqual(['type Bare', 'Bare.x', 'Bare.x(y)'])
    expect(undescribedIn(blank)).toEqual(['type Blank', 'Blank.A'])
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
