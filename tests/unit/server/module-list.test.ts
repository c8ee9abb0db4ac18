import { existsSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { modules } from '../../../server/src/modules'

/**
 * A server feature plugs in through its `<name>.module.ts` and one line in
 * server/src/modules/index.ts: a folder that brings a service, GraphQL fields or REST routes
 * without a listed module file would be built, registered or mounted by nobody.
 */
const root = 'server/src/modules'
const folders = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
const brings = (folder: string) => readdirSync(`${root}/${folder}`).filter((f) => /\.(service|schema|rest)\.ts$/.test(f))

describe('the module list', () => {
  it('lists each module once', () => {
    const names = modules.map((m) => m.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('has a listed module file for every folder that brings a service, GraphQL fields or REST routes', () => {
    const listed = new Set<string>(modules.map((m) => m.name))
    const unlisted = folders.filter((f) => brings(f).length > 0 && !(existsSync(`${root}/${f}/${f}.module.ts`) && listed.has(f)))
    expect(unlisted).toEqual([])
  })
})
