import { describe, expect, it } from 'vitest'
import { groupedInsert, groupedLoad } from '../../../server/src/db/grouped'

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

describe('groupedLoad', () => {
  /** A fake read: each call is a statement, held until `release` when asked. */
  function fakeRead(opts: { held?: boolean; fail?: boolean } = {}) {
    const reads: number[][] = []
    const waiting: Array<() => void> = []
    const readMany = async (keys: number[]) => {
      reads.push(keys)
      if (opts.held) await new Promise<void>((resolve) => waiting.push(resolve))
      if (opts.fail) throw new Error('database away')
      // Key 13 has nothing: its caller alone fails.
      return new Map(keys.filter((k) => k !== 13).map((k) => [k, `value ${k}`]))
    }
    return { readMany, reads, release: () => waiting.splice(0).forEach((r) => r()) }
  }

  it('reads the keys asked for together in one read, once each, every caller getting its value', async () => {
    const read = fakeRead()
    const load = groupedLoad(read.readMany)
    expect(await Promise.all([1, 2, 2, 3].map(load))).toEqual(['value 1', 'value 2', 'value 2', 'value 3'])
    expect(read.reads).toEqual([[1, 2, 3]])
  })

  it('groups the keys asked for while a read is out into the next one', async () => {
    const read = fakeRead({ held: true })
    const load = groupedLoad(read.readMany)
    const first = load(1)
    await tick()
    const later = [load(2), load(3)]
    await tick()
    expect(read.reads).toEqual([[1]])
    read.release()
    await first
    await tick()
    expect(read.reads).toEqual([[1], [2, 3]])
    read.release()
    expect(await Promise.all(later)).toEqual(['value 2', 'value 3'])
  })

  it('fails only the caller whose key was not read, and a failed read only its own callers', async () => {
    const load = groupedLoad(fakeRead().readMany)
    const results = await Promise.allSettled([load(1), load(13)])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected'])
    const failing = groupedLoad(fakeRead({ fail: true }).readMany)
    await expect(failing(1)).rejects.toThrow('database away')
  })
})
