import { describe, expect, it } from 'vitest'
import { parseId } from '../../../server/src/ids'

describe('parseId', () => {
  it.each([
    ['1', 'int4', 1],
    [2 ** 31 - 1, 'int4', 2 ** 31 - 1],
    [String(2 ** 31), 'int4', null],
    [String(2 ** 31), 'int8', 2 ** 31],
    [Number.MAX_SAFE_INTEGER, 'int8', Number.MAX_SAFE_INTEGER],
    [String(2 ** 53), 'int8', null],
    ['0', 'int8', null],
    [-1, 'int8', null],
    [1.5, 'int8', null],
    [1e21, 'int8', null],
    ['12a', 'int8', null],
    ['', 'int8', null],
    [null, 'int8', null],
    [true, 'int8', null],
  ] as const)('%j as an %s id is %j', (value, column, expected) => {
    expect(parseId(value, column)).toBe(expected)
  })
})
