import type { MockLink } from '@apollo/client/testing'
import { MockedProvider } from '@apollo/client/testing/react'
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { featureStrings, renderUi } from '../../../../../tests/support/component'
import { RaidTargetsDocument } from '../graphql/raids.generated'
import strings from '../locales/en.json'
import { MAX_QUERY_LENGTH } from '../lib'
import { RaidSearch } from './raid-search'

const t = featureStrings('raids', strings)

const TARGET = {
  __typename: 'RaidTarget',
  id: '7302',
  login: 'friendlystreamer',
  displayName: 'FriendlyStreamer',
  language: 'de',
  category: 'Art',
  title: 'Drawing',
}

/** The search as the raid page renders it, its one query answered by `mocks` (an unexpected query fails the test). */
const renderSearch = async (mocks: MockLink.MockedResponse[], blocked: string | null = null) => {
  const onRaid = vi.fn(() => Promise.resolve())
  return {
    onRaid,
    ...(await renderUi(
      <MockedProvider mocks={mocks}>
        <RaidSearch channelId="1" blocked={blocked} starting={false} onRaid={onRaid} />
      </MockedProvider>,
    )),
  }
}

const answer = (query: string, targets: (typeof TARGET)[]): MockLink.MockedResponse => ({
  request: { query: RaidTargetsDocument, variables: { channelId: '1', query } },
  result: { data: { searchRaidTargets: targets } },
})

describe('RaidSearch', () => {
  // Was tests/e2e/raids.test.ts "shows a refused search": the field's limit and the empty search are the component's own.
  it('cuts a name at the field’s limit and sends no blank search', async () => {
    const { user } = await renderSearch([])
    const field = screen.getByRole('textbox', { name: t('search.label') })
    const submit = screen.getByRole('button', { name: t('search.submit') })
    expect(submit).toHaveProperty('disabled', true)
    await user.type(field, 'x'.repeat(MAX_QUERY_LENGTH + 50))
    expect((field as HTMLInputElement).value).toHaveLength(MAX_QUERY_LENGTH)
    await user.clear(field)
    await user.type(field, '   ')
    expect(submit).toHaveProperty('disabled', true)
    await user.keyboard('{Enter}')
    // No query was sent: no result table, no empty state.
    expect(screen.queryByTestId('raid-search-empty')).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('searches the trimmed name, lists the live channels and raids one only after the confirmation', async () => {
    const { user, onRaid } = await renderSearch([answer('friendly', [TARGET])])
    await user.type(screen.getByRole('textbox', { name: t('search.label') }), '  friendly  {Enter}')
    const row = await screen.findByTestId('raid-target')
    expect(within(row).getByRole('link', { name: 'FriendlyStreamer' }).getAttribute('href')).toBe('https://twitch.tv/friendlystreamer')
    expect(row.textContent).toContain('Drawing')
    await user.click(within(row).getByRole('button', { name: t('search.raid') }))
    const dialog = await screen.findByRole('dialog', { name: t('search.confirmTitle', { channel: 'FriendlyStreamer' }) })
    expect(onRaid).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: t('search.raid') }))
    expect(onRaid).toHaveBeenCalledWith(expect.objectContaining({ id: '7302' }))
  })

  it('says when no live channel matches, and keeps the raid buttons off while a raid is blocked', async () => {
    const { user } = await renderSearch([answer('nobody', []), answer('friendly', [TARGET])], 'A raid is pending.')
    expect(screen.getByTestId('raid-blocked').textContent).toContain('A raid is pending.')
    const field = screen.getByRole('textbox', { name: t('search.label') })
    await user.type(field, 'nobody{Enter}')
    expect((await screen.findByTestId('raid-search-empty')).textContent).toContain(t('search.empty'))
    await user.clear(field)
    await user.type(field, 'friendly{Enter}')
    const row = await screen.findByTestId('raid-target')
    expect(within(row).getByRole('button', { name: t('search.raid') })).toHaveProperty('disabled', true)
  })
})
