import { describe, expect, it } from 'vitest'
import { emptyPanelKey } from '../../../client/src/features/assistant/components/panel/empty-panel-text'
import en from '../../../client/src/features/assistant/locales/en.json'

const text = (key: string) => (en.empty as Record<string, string>)[key.replace('empty.', '')]

describe("the empty bot panel's text names only the buttons the server shows", () => {
  it('both platforms: both buttons', () => {
    expect(text(emptyPanelKey({ twitch: true, kick: true, sandbox: true }))).toContain('“Connect Twitch” or “Connect Kick”')
  })

  it('no platform application, sandbox offered: the sandbox button, never Connect Twitch or Kick', () => {
    const shown = text(emptyPanelKey({ twitch: false, kick: false, sandbox: true }))
    expect(shown).toContain('Connect a sandbox channel')
    expect(shown).not.toMatch(/Connect Twitch|Connect Kick/)
  })

  it('one platform: only its button', () => {
    expect(text(emptyPanelKey({ twitch: true, kick: false, sandbox: false }))).not.toContain('Kick')
    expect(text(emptyPanelKey({ twitch: false, kick: true, sandbox: false }))).not.toContain('Twitch')
  })

  it('the Kick panel without a Kick application says so, and names no button', () => {
    const shown = text(emptyPanelKey({ twitch: true, kick: false, sandbox: true }, 'kick'))
    expect(shown).toContain('Kick is not set up on this server')
    expect(shown).not.toMatch(/“Connect/)
  })

  it('nothing configured: who can fix it', () => {
    expect(text(emptyPanelKey({ twitch: false, kick: false, sandbox: false }))).toContain('An administrator')
  })

  it('every key it returns has an English text', () => {
    for (const twitch of [true, false])
      for (const kick of [true, false])
        for (const sandbox of [true, false])
          for (const only of [undefined, 'twitch', 'kick'] as const) expect(text(emptyPanelKey({ twitch, kick, sandbox }, only))).toBeTruthy()
    expect(text(emptyPanelKey(undefined))).toBeTruthy()
  })
})
