import { MockedProvider } from '@apollo/client/testing/react'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { featureStrings, memberAbility, renderUi } from '../../../../../tests/support/component'
import { ChannelAbilityContext, type ChannelAbility } from '../../../lib/channel-ability'
import strings from '../locales/en.json'
import { ModelSection } from './model-section'
import { RulesSection } from './rules-section'

const t = featureStrings('conversation', strings)

const RULE = {
  __typename: 'ConversationRule' as const,
  id: '4',
  kind: 'keyword' as const,
  pattern: 'discord',
  answer: 'Our Discord: example.org',
  priority: 10,
  cooldownSeconds: 30,
  userCooldownSeconds: 60,
  permission: 'everyone' as const,
  enabled: true,
  useCount: 2,
  problem: null,
}

/** The rules and the model answers as the conversation page renders them, with a team member's ability (no query: nothing is pressed). */
const renderSections = (ability: ChannelAbility) =>
  renderUi(
    <MockedProvider mocks={[]}>
      <ChannelAbilityContext.Provider value={ability}>
        <RulesSection channelId="1" rules={[RULE]} onChanged={() => {}} />
        <ModelSection
          channelId="1"
          modelConfigured
          modelName="small"
          botName="helperbot"
          modelEnabled
          systemPrompt="Be kind."
          fallbackAnswer=""
          onChanged={() => {}}
        />
      </ChannelAbilityContext.Provider>
    </MockedProvider>,
  )

describe('the conversation bot sections for a team member', () => {
  it('offer one who only views the conversation bot no new, edit, delete, switch or save', async () => {
    await renderSections(memberAbility('conversation', 'view'))
    expect(screen.getByTestId('rule-row')).toBeTruthy()
    expect(screen.queryByTestId('rule-new')).toBeNull()
    expect(screen.queryByTestId('rule-delete')).toBeNull()
    expect(screen.queryByRole('button', { name: t('rules.editOne', { pattern: 'discord' }) })).toBeNull()
    expect((screen.getByRole('switch', { name: t('rules.toggle', { pattern: 'discord' }) }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('conversation-model-switch') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('conversation-model-fields') as HTMLFieldSetElement).disabled).toBe(true)
    expect(screen.queryByTestId('conversation-model-save')).toBeNull()
  })

  it('offer one who manages it every control', async () => {
    await renderSections(memberAbility('conversation', 'manage'))
    expect(screen.getByTestId('rule-new')).toBeTruthy()
    expect(screen.getByTestId('rule-delete')).toBeTruthy()
    expect(screen.getByRole('button', { name: t('rules.editOne', { pattern: 'discord' }) })).toBeTruthy()
    expect((screen.getByRole('switch', { name: t('rules.toggle', { pattern: 'discord' }) }) as HTMLButtonElement).disabled).toBe(false)
    expect((screen.getByTestId('conversation-model-switch') as HTMLButtonElement).disabled).toBe(false)
    expect((screen.getByTestId('conversation-model-fields') as HTMLFieldSetElement).disabled).toBe(false)
    expect(screen.getByTestId('conversation-model-save')).toBeTruthy()
  })
})
