/**
 * docs/configuration.md and .env.example are rendered from the environment's zod schema
 * (scripts/config-docs.ts): a variable without a description, or a committed file older than
 * the schema, fails here.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { envSchema } from '../../../server/src/config'
import { CONFIG_DOC_PATH, ENV_EXAMPLE_PATH, renderConfigReference, renderEnvExample, schemaVariables } from '../../../scripts/config-docs'

const RERUN = 'differs from what the schema makes now: run npm run docs:config'

describe('the configuration reference', () => {
  it('describes every variable of the schema', () => {
    const variables = schemaVariables()
    expect(variables.map((v) => v.name)).toEqual(Object.keys(envSchema.shape))
    for (const v of variables) expect(v.description, v.name).not.toBe('')
  })

  it('refuses a variable added without a description, naming it', () => {
    expect(() => schemaVariables({ ...envSchema.shape, UNDESCRIBED_SETTING: z.string().optional() })).toThrow(/UNDESCRIBED_SETTING/)
  })

  it(`${CONFIG_DOC_PATH} is the generator's output`, () => {
    expect(readFileSync(CONFIG_DOC_PATH, 'utf8'), `${CONFIG_DOC_PATH} ${RERUN}`).toBe(renderConfigReference())
  })

  it(`${ENV_EXAMPLE_PATH} is the generator's output, every variable commented out`, () => {
    const example = readFileSync(ENV_EXAMPLE_PATH, 'utf8')
    expect(example, `${ENV_EXAMPLE_PATH} ${RERUN}`).toBe(renderEnvExample())
    for (const name of Object.keys(envSchema.shape)) expect(example).toMatch(new RegExp(`^# ${name}=`, 'm'))
  })
})
