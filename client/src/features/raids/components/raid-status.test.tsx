import { screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { featureStrings, memberAbility, renderUi } from '../../../../../tests/support/component'
import { ChannelAbilityContext, type ChannelAbility } from '../../../lib/channel-ability'
import strings from '../locales/en.json'
import { RaidStatus } from './raid-status'

featureStrings('raids', strings)

const PENDING = {
  __typename: 'RaidChannelState' as const,
  supported: true,
  raidActive: true,
  raidedChannel: null,
  limitPer24h: 10,
  usedLast24h: 1,
  nextRaidAt: null,
  pending: {
    __typename: 'Raid' as const,
    id: '9',
    direction: 'outgoing' as const,
    state: 'pending' as const,
    otherId: '7302',
    otherLogin: 'friendlystreamer',
    otherName: 'FriendlyStreamer',
    viewers: 12,
    requestedAt: '2026-11-28T12:00:00Z',
    settledAt: null,
    shoutout: null,
  },
}

const renderStatus = (ability: ChannelAbility) =>
  renderUi(
    <MemoryRouter>
      <ChannelAbilityContext.Provider value={ability}>
        <RaidStatus channelId="1" state={PENDING} announcements cancelling={false} onCancel={() => Promise.resolve()} />
      </ChannelAbilityContext.Provider>
    </MemoryRouter>,
  )

describe('RaidStatus for a team member', () => {
  it('shows one who only views raids the pending raid without a cancel', async () => {
    await renderStatus(memberAbility('raids', 'view'))
    expect(screen.getByTestId('raid-active').textContent).toContain('FriendlyStreamer')
    expect(screen.queryByTestId('raid-cancel')).toBeNull()
  })

  it('offers one who manages raids the cancel', async () => {
    await renderStatus(memberAbility('raids', 'manage'))
    expect(screen.getByTestId('raid-cancel')).toBeTruthy()
  })
})
