import { describe, expect, it } from 'vitest'
import { channelAbilityOf, ownedChannels } from '../../../client/src/lib/channel-ability'

describe('the channel ability (CASL) and the owned channels', () => {
  it('gives the owner everything and a member only their grants', () => {
    const owner = channelAbilityOf({ owner: true, rights: [] })
    expect(owner.can('manage', 'moderation')).toBe(true)
    expect(owner.can('owner', 'channel')).toBe(true)
    const moderator = channelAbilityOf({
      owner: false,
      rights: [
        { module: 'moderation', grant: 'manage' },
        { module: 'commands', grant: 'view' },
        { module: 'raids', grant: 'none' },
      ],
    })
    expect(moderator.can('manage', 'moderation')).toBe(true)
    expect(moderator.can('view', 'commands')).toBe(true)
    expect(moderator.can('manage', 'commands')).toBe(false)
    expect(moderator.can('view', 'raids')).toBe(false)
    expect(moderator.can('owner', 'channel')).toBe(false)
  })

  it('counts only owned channels, never those helped with on a team (the "n of limit channels" figures)', () => {
    const list = [
      { id: '1', sandbox: false, myAccess: { owner: true } },
      { id: '2', sandbox: false, myAccess: { owner: false } },
      { id: '3', sandbox: true, myAccess: { owner: true } },
    ]
    expect(ownedChannels(list).map((c) => c.id)).toEqual(['1', '3'])
  })
})
