import { ApolloProvider } from '@apollo/client/react'
import { act, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clientAnswering } from '../../../../../tests/support/apollo-answering'
import { renderUi } from '../../../../../tests/support/component'
import { clearSession, getUserData, saveSession } from '../../../lib/session'
import type { UserData } from '../../../lib/session-types'
import { REREAD_AFTER_MS, SessionSync } from './session-sync'

const stored: UserData = {
  id: '7',
  fullName: 'Demo Client',
  username: 'client',
  avatar: null,
  email: 'client@example.com',
  role: 'client',
  ability: [{ action: 'read', subject: 'all' }],
  extras: { eCommerceCartItemsCount: 0 },
}

const viewer = (fullName: string) => ({
  data: {
    viewer: {
      __typename: 'User',
      ...stored,
      fullName,
      ability: stored.ability.map((rule) => ({ __typename: 'AbilityRule', ...rule, inverted: false })),
      teamModules: null,
      extras: { __typename: 'UserExtras', eCommerceCartItemsCount: 0 },
    },
  },
})

afterEach(() => {
  clearSession()
  vi.restoreAllMocks()
})

/** The tab hidden and shown again, as switching to another tab and back. */
function showTabAgain() {
  for (const state of ['hidden', 'visible'] as const) {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
    document.dispatchEvent(new Event('visibilitychange'))
  }
}

describe('SessionSync', () => {
  it('a refetch after a rename sends a new read, not the answer of the one already under way', async () => {
    saveSession({ userData: stored, accessToken: 'a', refreshToken: 'r' })
    let reads = 0
    // The first read (sent before the save) has not answered yet; the one after the save has the new name.
    const { client, asked } = clientAnswering({ Viewer: () => (++reads === 1 ? null : viewer('Demo Client Renamed')) })
    await renderUi(
      <ApolloProvider client={client}>
        <SessionSync />
      </ApolloProvider>,
    )
    await waitFor(() => expect(asked).toHaveLength(1))
    // Without its own read the refetch would wait for the first one, which never answers.
    act(() => {
      void client.refetchQueries({ include: ['Viewer'] })
    })
    await waitFor(() => expect(getUserData()?.fullName).toBe('Demo Client Renamed'))
    expect(asked.length).toBeGreaterThanOrEqual(2)
  })
  it('reads the user again when the tab is shown after a minute, not sooner', async () => {
    saveSession({ userData: stored, accessToken: 'a', refreshToken: 'r' })
    let reads = 0
    // The owner renames the account meanwhile (a group change reaches the menu the same way).
    const { client, asked } = clientAnswering({ Viewer: () => viewer(++reads === 1 ? 'Demo Client' : 'Renamed Meanwhile') })
    await renderUi(
      <ApolloProvider client={client}>
        <SessionSync />
      </ApolloProvider>,
    )
    await waitFor(() => expect(asked).toHaveLength(1))
    act(() => showTabAgain())
    expect(asked).toHaveLength(1)
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + REREAD_AFTER_MS + 1)
    act(() => showTabAgain())
    await waitFor(() => expect(getUserData()?.fullName).toBe('Renamed Meanwhile'))
    expect(asked).toHaveLength(2)
  })
})
