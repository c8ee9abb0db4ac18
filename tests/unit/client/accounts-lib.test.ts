import { describe, expect, it } from 'vitest'
import { FIRST_PAGE, currentCursor, nextPage, pageNumber, previousPage, rangeOf } from '../../../client/src/features/accounts/lib/cursor-pages'
import { createFormatters } from '../../../client/src/lib/format'
import { remainingOf, userRemaining } from '../../../client/src/features/accounts/lib/licence-time'
import { moneyFormatter } from '../../../client/src/lib/money'

describe('remaining duration (spec section 3)', () => {
  it('counts down an active key and says when it ran out', () => {
    expect(remainingOf({ status: 'active', daysLeft: 12, totalDays: 30 })).toEqual({ kind: 'running', daysLeft: 12, totalDays: 30, percent: 40 })
    expect(remainingOf({ status: 'active', daysLeft: 0, totalDays: 30 })).toMatchObject({ kind: 'running', daysLeft: 0, percent: 0 })
    expect(remainingOf({ status: 'active', daysLeft: -3, totalDays: 30 })).toEqual({ kind: 'expired', daysAgo: 3, totalDays: 30 })
  })

  it('does not count keys that were never activated, or are over', () => {
    expect(remainingOf({ status: 'available', daysLeft: null, totalDays: 90 })).toEqual({ kind: 'notStarted', totalDays: 90 })
    expect(remainingOf({ status: 'assigned', daysLeft: null, totalDays: 7 })).toEqual({ kind: 'notStarted', totalDays: 7 })
    expect(remainingOf({ status: 'revoked', daysLeft: null, totalDays: 7 })).toEqual({ kind: 'ended' })
    expect(remainingOf({ status: 'superseded', daysLeft: null, totalDays: 7 })).toEqual({ kind: 'ended' })
  })

  it('reads a user row: Package None has no licence (duration 1 / 1 means nothing)', () => {
    expect(userRemaining({ currentPlan: 'None', licenseKey: 'None', duration: 1, durationTotal: 1 })).toEqual({ kind: 'ended' })
    expect(userRemaining({ currentPlan: 'Pro', licenseKey: 'ABCD-EFGH-JKLM-NPQR', duration: 5, durationTotal: 10 })).toMatchObject({
      kind: 'running',
      percent: 50,
    })
  })
})

describe('keyset pages with a way back', () => {
  it('keeps the cursors seen and walks back', () => {
    let pages = FIRST_PAGE
    expect(currentCursor(pages)).toBeNull()
    pages = nextPage(pages, 'c1')
    pages = nextPage(pages, 'c2')
    expect([pageNumber(pages), currentCursor(pages)]).toEqual([3, 'c2'])
    pages = previousPage(pages)
    expect([pageNumber(pages), currentCursor(pages)]).toEqual([2, 'c1'])
    expect(previousPage(previousPage(previousPage(pages)))).toEqual(FIRST_PAGE)
    expect(nextPage(pages, null)).toBe(pages)
  })

  it('says which rows are shown', () => {
    expect(rangeOf(1, 10, 10, 45)).toEqual({ from: 1, to: 10, total: 45 })
    expect(rangeOf(5, 10, 5, 45)).toEqual({ from: 41, to: 45, total: 45 })
    expect(rangeOf(1, 10, 0, 0)).toEqual({ from: 0, to: 0, total: 0 })
  })
})

describe('formatters', () => {
  it('formats days in UTC and leaves a dash for nothing', () => {
    const en = createFormatters('en')
    expect(en.date('2026-03-05')).toBe('Mar 5, 2026')
    expect(en.date(null)).toBe('—')
    expect(en.shortDay('2026-03-05')).toBe('Mar 5')
    expect(createFormatters('de').number(1234)).toBe('1.234')
  })
})

describe('money in the configured currency', () => {
  it.each([
    ['en', 'USD', 8, '$8'],
    ['en', 'USD', 8.5, '$8.50'],
    ['de', 'EUR', 1234.5, '1.234,50 €'],
    ['fr', 'EUR', 20, '20 €'],
    ['pt', 'BRL', 17, 'R$ 17'],
  ])('%s %s %d → %s', (language, currency, value, text) => {
    // Intl separates some of these with a no-break space; compare the visible text.
    expect(moneyFormatter(language, currency)(value).replace(/\s/g, ' ')).toBe(text)
  })
})

describe('audit log changes', () => {
  it('lists each changed field once, with empty values as null, and skips unchanged ones', async () => {
    const { changedFields } = await import('../../../client/src/features/accounts/components/audit-log-table')
    expect(changedFields('{"totalDays":30,"status":"active","note":""}', '{"totalDays":60,"status":"active","plan":"Pro"}')).toEqual([
      { field: 'totalDays', before: '30', after: '60' },
      { field: 'plan', before: null, after: 'Pro' },
    ])
    expect(changedFields(null, '{"tags":["a"]}')).toEqual([{ field: 'tags', before: null, after: '["a"]' }])
    expect(changedFields('not json', null)).toEqual([])
  })
})
