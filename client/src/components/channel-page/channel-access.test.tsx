import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en, memberAbility, renderUi } from '../../../../tests/support/component'
import { ChannelAbilityContext, channelAbilityOf, type ChannelAbility } from '../../lib/channel-ability'
import { ChannelAccessGate, ManagedFields, type ChannelNeed } from './channel-access'

/** The gate over a page with one field in ManagedFields, as a page renders it for the chosen channel. */
const renderGate = (ability: ChannelAbility, need: ChannelNeed) =>
  renderUi(
    <ChannelAbilityContext.Provider value={ability}>
      <ChannelAccessGate need={need}>
        <ManagedFields module="raids" testId="fields">
          <input aria-label="Field" />
        </ManagedFields>
      </ChannelAccessGate>
    </ChannelAbilityContext.Provider>,
  )

describe('ChannelAccessGate', () => {
  it('shows a member with none on the module the no-access state instead of the page', async () => {
    await renderGate(memberAbility('raids', 'none'), 'raids')
    expect(screen.getByTestId('channel-no-access').textContent).toBe(en('channelAccess.none'))
    expect(screen.queryByTestId('fields')).toBeNull()
  })

  it('shows a member with view the page, its fields disabled, and says why', async () => {
    await renderGate(memberAbility('raids', 'view'), 'raids')
    expect(screen.getByTestId('channel-view-only').textContent).toBe(en('channelAccess.viewOnly'))
    expect((screen.getByTestId('fields') as HTMLFieldSetElement).disabled).toBe(true)
    expect(screen.queryByTestId('channel-no-access')).toBeNull()
  })

  it('shows a member who manages, and the owner, the page as it is, without a notice', async () => {
    for (const ability of [memberAbility('raids', 'manage'), channelAbilityOf({ owner: true, rights: [] })]) {
      const { unmount } = await renderGate(ability, 'raids')
      expect((screen.getByTestId('fields') as HTMLFieldSetElement).disabled).toBe(false)
      expect(screen.queryByTestId('channel-view-only')).toBeNull()
      unmount()
    }
  })

  it("keeps the owner's own pages from every member, even one who manages everything", async () => {
    const editor = channelAbilityOf({
      owner: false,
      rights: ['commands', 'moderation', 'conversation', 'raids', 'videos', 'followers', 'switches', 'audit'].map((module) => ({ module, grant: 'manage' })),
    })
    const { unmount } = await renderGate(editor, 'owner')
    expect(screen.getByTestId('channel-no-access')).toBeTruthy()
    unmount()
    await renderGate(channelAbilityOf({ owner: true, rights: [] }), 'owner')
    expect(screen.getByTestId('fields')).toBeTruthy()
  })
})
