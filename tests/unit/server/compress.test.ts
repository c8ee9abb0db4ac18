import { describe, expect, it } from 'vitest'
import { acceptsEncoding } from '../../../server/src/http/compress'

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['br', false],
    ['*', true],
    ['*;q=0', false],
    ['*, gzip;q=0', false],
    ['identity', false],
    [undefined, false],
  ])('%s → %s', (header, ok) => {
    expect(acceptsEncoding(header, 'gzip')).toBe(ok)
  })
})
