import { spawnSync } from 'node:child_process'
import { EventEmitter } from 'node:events'
import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { asServiceUnavailable, dbFailure, hardenPool, isReadOnly } from '../../server/src/db/resilience'
import { AppError } from '../../server/src/errors'

const pgError = (code: string, message = 'terminating connection due to administrator command') => Object.assign(new Error(message), { code })

/** A stand-in pool whose query fails `failures` times with `error`, then answers. */
function fakePool(error: Error, failures: number) {
  const pool = new EventEmitter() as EventEmitter & { query: (...a: unknown[]) => Promise<unknown>; calls: number }
  pool.calls = 0
  pool.query = async () => {
    pool.calls++
    if (pool.calls <= failures) throw error
    return { rows: [] }
  }
  hardenPool(pool as unknown as pg.Pool, { retries: 2, backoffMs: 1 })
  return pool
}

describe('database failure handling', () => {
  it('tells reads from writes', () => {
    expect(isReadOnly('select * from users where id = $1')).toBe(true)
    expect(isReadOnly('  with x as (select 1) select * from x')).toBe(true)
    expect(isReadOnly('select * from users for update')).toBe(false)
    expect(isReadOnly("select nextval('s')")).toBe(false)
    expect(isReadOnly('with x as (delete from t returning id) select * from x')).toBe(false)
    expect(isReadOnly('insert into t values (1)')).toBe(false)
    expect(isReadOnly('update users set company = $1')).toBe(false)
  })

  it('classifies lost connections and timeouts, through wrappers, and maps them to a coded 503', () => {
    expect(dbFailure(pgError('57P01'))).toBe('lost')
    expect(dbFailure(new Error('Connection terminated unexpectedly'))).toBe('lost')
    expect(dbFailure(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe('lost')
    expect(dbFailure(pgError('57014', 'canceling statement due to statement timeout'))).toBe('timeout')
    expect(dbFailure(new Error('timeout exceeded when trying to connect'))).toBe('timeout')
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P01') })
    expect(asServiceUnavailable(wrapped)?.code).toBe('SERVICE_UNAVAILABLE')
    expect(asServiceUnavailable(new Error('Failed query', { cause: new AppError('SERVICE_UNAVAILABLE', 'x') }))?.message).toBe('x')
    expect(asServiceUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBeNull()
    expect(asServiceUnavailable(new AppError('NOT_FOUND', 'gone'))).toBeNull()
  })

  it('retries a read after a lost connection, a bounded number of times', async () => {
    const healed = fakePool(pgError('57P01'), 2)
    await expect(healed.query('select 1')).resolves.toEqual({ rows: [] })
    expect(healed.calls).toBe(3)
    const down = fakePool(pgError('ECONNREFUSED', 'connect ECONNREFUSED'), 10)
    await expect(down.query({ text: 'select 1', values: [] })).rejects.toThrow(/ECONNREFUSED/)
    expect(down.calls).toBe(3)
  })

  it('never retries a write, nor a read that timed out', async () => {
    const write = fakePool(pgError('57P01'), 1)
    await expect(write.query('update users set company = $1', ['x'])).rejects.toThrow()
    expect(write.calls).toBe(1)
    const slow = fakePool(pgError('57014', 'canceling statement due to statement timeout'), 1)
    await expect(slow.query('select pg_sleep(10)')).rejects.toThrow()
    expect(slow.calls).toBe(1)
  })

  it('puts an error listener on every pooled client', () => {
    const pool = fakePool(pgError('57P01'), 0)
    const client = new EventEmitter() as EventEmitter & { query: () => unknown }
    client.query = () => undefined
    pool.emit('connect', client)
    expect(() => client.emit('error', pgError('57P01'))).not.toThrow()
  })

  it('the process safety net keeps running on a pg connection error only', () => {
    const script = (thrown: string) => `
      import { installPgSafetyNet } from './server/src/db/resilience.ts'
      import { createLogger } from './server/src/logger.ts'
      installPgSafetyNet(createLogger('silent'))
      setTimeout(() => { throw ${thrown} }, 1)
      setTimeout(() => console.log('still running'), 50)
    `
    const run = (thrown: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script(thrown)], { encoding: 'utf8', timeout: 30_000 })
    const pgLost = run(
      `Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', stack: 'at node_modules/pg/lib/client.js' })`,
    )
    expect(pgLost.stdout).toContain('still running')
    expect(pgLost.status).toBe(0)
    const other = run(`new TypeError('a bug')`)
    expect(other.stdout).not.toContain('still running')
    expect(other.status).toBe(1)
    // Two node processes through tsx: seconds each on a busy machine.
  }, 60_000)
})
