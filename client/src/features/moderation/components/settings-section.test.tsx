import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client'
import { ApolloProvider } from '@apollo/client/react'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { renderUi } from '../../../../../tests/support/component'
import en from '../locales/en.json'
import type { Settings } from '../lib/settings-form'
import { ChannelAbilityContext, channelAbilityOf } from '../../../lib/channel-ability'
import { SettingsSection } from './settings-section'

const base = { enabled: false, action: 'timeout' as const, timeoutSeconds: 600, warnFirst: true, exempt: [] }
const settings = (): Settings => ({
  enabled: true,
  warnTemplate: '@${user}, ${reason} (warning)',
  warnCooldownSeconds: 10,
  escalationSeconds: 600,
  filters: {
    length: { ...base, action: 'delete', max: 400 },
    zalgo: { ...base, maxMarks: 8 },
    caps: { ...base, action: 'delete', minLength: 15, percent: 70 },
    symbols: { ...base, action: 'delete', minLength: 15, percent: 60 },
    emotes: { ...base, action: 'delete', max: 12 },
    repetition: { ...base, action: 'delete', maxCharRun: 15, maxWordRepeats: 8, sameMessageSeconds: 30 },
    links: { ...base, enabled: true, exempt: ['vip', 'regular'], allowedDomains: ['clips.twitch.tv'], permitSeconds: 60 },
    terms: { ...base, enabled: true, terms: ['free'], patterns: [] },
  },
})

/** A client whose every request is recorded and answered with the given result (no server: the checks here run before one). */
function clientAnswering(result: Record<string, unknown>) {
  const requests: Array<Record<string, unknown>> = []
  const link = new ApolloLink(
    (op) =>
      new Observable((o) => {
        requests.push(op.variables)
        o.next(result)
        o.complete()
      }),
  )
  return { requests, client: new ApolloClient({ link, cache: new InMemoryCache() }) }
}

beforeAll(() => {
  i18n.addResourceBundle('en', 'moderation', en, true, true)
})

describe('SettingsSection', () => {
  it('names an out-of-range threshold and an unknown warning variable beside their fields, and sends nothing', async () => {
    const { client, requests } = clientAnswering({ data: { updateModerationSettings: {} } })
    const { user } = await renderUi(
      <ApolloProvider client={client}>
        <SettingsSection channelId="1" settings={settings()} onSaved={() => {}} />
      </ApolloProvider>,
    )
    const caps = within(screen.getByTestId('moderation-filter-caps'))
    const percent = caps.getByRole('spinbutton', { name: 'Share of capitals (%)' })
    await user.clear(percent)
    await user.type(percent, '500')
    const warning = screen.getByRole('textbox', { name: 'Warning' })
    await user.clear(warning)
    await user.type(warning, 'hi ${{who}')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(caps.getByText('A whole number from 1 to 100')).toBeTruthy()
    expect(screen.getByText('Unknown variable ${who}: use ${user} ${reason}')).toBeTruthy()
    expect(screen.getByTestId('moderation-invalid')).toBeTruthy()
    expect(requests).toEqual([])
  })

  it('saves typed values with the lists split by line, from the keyboard alone', async () => {
    const { client, requests } = clientAnswering({ data: { updateModerationSettings: {} } })
    const onSaved = vi.fn()
    const { user } = await renderUi(
      <ApolloProvider client={client}>
        <SettingsSection channelId="7" settings={settings()} onSaved={onSaved} />
      </ApolloProvider>,
    )
    const terms = within(screen.getByTestId('moderation-filter-terms')).getByRole('textbox', { name: 'Banned terms' })
    await user.click(terms)
    await user.keyboard('{End}{Enter}  buy followers  {Enter}{Enter}')
    const length = within(screen.getByTestId('moderation-filter-length'))
    await user.selectOptions(length.getByRole('combobox', { name: 'Action' }), 'timeout')
    const timeout = length.getByRole('spinbutton', { name: 'Timeout (seconds)' })
    await user.clear(timeout)
    await user.type(timeout, '30{Enter}')
    expect(requests).toHaveLength(1)
    const input = (requests[0] as { channelId: string; input: Settings }).input
    expect(requests[0]).toMatchObject({ channelId: '7' })
    expect(input.filters.terms.terms).toEqual(['free', 'buy followers'])
    expect(input.filters.links.allowedDomains).toEqual(['clips.twitch.tv'])
    expect(input.filters.length).toMatchObject({ action: 'timeout', timeoutSeconds: 30 })
    expect(await screen.findByTestId('moderation-saved')).toBeTruthy()
    expect(onSaved).toHaveBeenCalledTimes(1)
  })

  it('shows the server’s refusal of one pattern at the patterns list', async () => {
    const message = 'Not a valid regular expression: invalid escape sequence: \\1'
    const { client } = clientAnswering({
      errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fields: { 'filters.terms.patterns.0': [message] } } }],
    })
    const { user } = await renderUi(
      <ApolloProvider client={client}>
        <SettingsSection channelId="1" settings={settings()} onSaved={() => {}} />
      </ApolloProvider>,
    )
    const terms = within(screen.getByTestId('moderation-filter-terms'))
    await user.type(terms.getByRole('textbox', { name: 'Patterns (regular expressions)' }), '(a)\\1')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await terms.findByText(message)).toBeTruthy()
  })

  it('offers a team member who only views moderation no edit and no save (CASL), and an editor both', async () => {
    const viewer = channelAbilityOf({ owner: false, rights: [{ module: 'moderation', grant: 'view' }] })
    const { client, requests } = clientAnswering({ data: { updateModerationSettings: {} } })
    const { unmount } = await renderUi(
      <ApolloProvider client={client}>
        <ChannelAbilityContext.Provider value={viewer}>
          <SettingsSection channelId="3" settings={settings()} onSaved={() => {}} />
        </ChannelAbilityContext.Provider>
      </ApolloProvider>,
    )
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    // Every field sits in a disabled fieldset (the browser disables them all).
    const fields = screen.getByTestId('moderation-settings-fields') as HTMLFieldSetElement
    expect(fields.disabled).toBe(true)
    expect(fields.contains(screen.getByRole('textbox', { name: 'Warning' }))).toBe(true)
    expect(requests).toEqual([])
    unmount()
    const editor = channelAbilityOf({ owner: false, rights: [{ module: 'moderation', grant: 'manage' }] })
    await renderUi(
      <ApolloProvider client={client}>
        <ChannelAbilityContext.Provider value={editor}>
          <SettingsSection channelId="3" settings={settings()} onSaved={() => {}} />
        </ChannelAbilityContext.Provider>
      </ApolloProvider>,
    )
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()
    expect((screen.getByTestId('moderation-settings-fields') as HTMLFieldSetElement).disabled).toBe(false)
  })
})
