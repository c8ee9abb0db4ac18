import { MockedProvider } from '@apollo/client/testing/react'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { featureStrings, memberAbility, renderUi } from '../../../../../tests/support/component'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import { ToastProvider } from '../../../components/ui/toast-provider'
import { ChannelAbilityContext, type ChannelAbility } from '../../../lib/channel-ability'
import { FollowerSettingsDocument } from '../graphql/followers.generated'
import strings from '../locales/en.json'
import { ThankYouForm } from './thank-you-form'

featureStrings('followers', strings)

const channel = { id: '1', panel: { active: true } } as AssistantChannelFragment

const settings = {
  request: { query: FollowerSettingsDocument, variables: { channelId: '1' } },
  result: { data: { followerSettings: { __typename: 'FollowerSettings', thankYou: true, template: 'Thanks ${user}!', maxTemplateLength: 200 } } },
}

const renderForm = (ability: ChannelAbility) =>
  renderUi(
    <MockedProvider mocks={[settings]}>
      <ToastProvider>
        <ChannelAbilityContext.Provider value={ability}>
          <ThankYouForm channel={channel} />
        </ChannelAbilityContext.Provider>
      </ToastProvider>
    </MockedProvider>,
  )

describe('ThankYouForm for a team member', () => {
  it('shows one who only views followers the thank-you, its fields disabled and no save', async () => {
    await renderForm(memberAbility('followers', 'view'))
    const template = (await screen.findByTestId('thank-you-template')) as HTMLTextAreaElement
    expect(template.value).toBe('Thanks ${user}!')
    expect((screen.getByTestId('thank-you-fields') as HTMLFieldSetElement).disabled).toBe(true)
    expect(screen.getByTestId('thank-you-fields').contains(screen.getByTestId('thank-you-switch'))).toBe(true)
    expect(screen.queryByTestId('thank-you-save')).toBeNull()
  })

  it('offers one who manages followers the fields and the save', async () => {
    await renderForm(memberAbility('followers', 'manage'))
    await screen.findByTestId('thank-you-template')
    expect((screen.getByTestId('thank-you-fields') as HTMLFieldSetElement).disabled).toBe(false)
    expect(screen.getByTestId('thank-you-save')).toBeTruthy()
  })
})
