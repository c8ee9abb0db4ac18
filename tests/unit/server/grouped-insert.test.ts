import { describe, expect, it } from 'vitest'
import { groupedInsert } from '../../../server/src/db/grouped-insert'

interface Row {
  id: number
  value: string
}

/** A fake table: each write is a statement, answered when `release` is called (or at once). */
function fakeTable(opts: { held?: boolean; refuse?: string; reverse?: boolean } = {}) {
  const statements: string[][] = []
  const waiting: Array<() => void> = []
  let next = 1
  const write = async (values: string[]): Promise<Row[]> => {
    statements.push(values)
    if (opts.held) await new Promise<void>((resolve) => waiting.push(resolve))
    if (opts.refuse && values.includes(opts.refuse)) throw new Error(`refused ${opts.refuse}`)
    const rows = values.map((value) => ({ id: next++, value }))
    return opts.reverse ? rows.reverse() : rows
  }
  return { write, statements, release: () => waiting.splice(0).forEach((r) => r()) }
}
const same = (value: string, row: Row) => row.value === value
const tick = () => new Promise((r) => setImmediate(r))

describe('groupedInsert', () => {
  it('stores rows asked for together in one statement, each caller getting its own row', async () => {
    const table = fakeTable()
    const insert = groupedInsert(table.write, same)
    const rows = await Promise.all(['a', 'b', 'c'].map(insert))
    expect(table.statements).toEqual([['a', 'b', 'c']])
    expect(rows.map((r) => r.value)).toEqual(['a', 'b', 'c'])
  })

  it('sends a row at once when nothing is under way, and groups the rows that come while a statement is out', async () => {
    const table = fakeTable({ held: true })
    const insert = groupedInsert(table.write, same)
    const first = insert('a')
    await tick()
    expect(table.statements).toEqual([['a']])
    const later = [insert('b'), insert('c')]
    await tick()
    await tick()
    expect(table.statements).toEqual([['a']]) // b and c wait for a's statement
    table.release()
    await first
    await tick()
    expect(table.statements).toEqual([['a'], ['b', 'c']])
    table.release()
    expect((await Promise.all(later)).map((r) => r.value)).toEqual(['b', 'c'])
  })

  it('caps a statement at `max` rows', async () => {
    const table = fakeTable()
    const insert = groupedInsert(table.write, same, 2)
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(insert))
    expect(table.statements).toEqual([['a', 'b'], ['c', 'd'], ['e']])
  })

  it('tries a refused statement row by row: only the bad row fails', async () => {
    const table = fakeTable({ refuse: 'bad' })
    const insert = groupedInsert(table.write, same)
    const results = await Promise.allSettled(['a', 'bad', 'c'].map(insert))
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.value : (r.reason as Error).message))).toEqual(['a', 'refused bad', 'c'])
    expect(table.statements).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']])
  })

  it('matches rows returned out of order to their callers', async () => {
    const table = fakeTable({ reverse: true })
    const insert = groupedInsert(table.write, same)
    const rows = await Promise.all(['a', 'b', 'c'].map(insert))
    expect(rows.map((r) => r.value)).toEqual(['a', 'b', 'c'])
  })
})
