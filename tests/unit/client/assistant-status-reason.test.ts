import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import de from '../../../client/src/features/assistant/locales/de.json'
import en from '../../../client/src/features/assistant/locales/en.json'
import fr from '../../../client/src/features/assistant/locales/fr.json'
import pt from '../../../client/src/features/assistant/locales/pt.json'
import { BOT_REASON_KEYS, reasonText } from '../../../client/src/features/assistant/lib/status-reason'
import { statusReasonCodes, statusReasons } from '../../../server/src/modules/channels/status-reasons'

const resources = { en, de, fr, pt }

/** What the panel shows for a status the worker reported (the server's own reason builders), in `lng`. */
async function shown(lng: keyof typeof resources, status: { reason: string | null; code: string | null; args: unknown }) {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng,
    ns: ['assistant'],
    defaultNS: 'assistant',
    resources: { [lng]: { assistant: resources[lng] } },
    interpolation: { escapeValue: false },
  })
  const said = reasonText(status, lng)
  if (!said) return null
  // Untyped here: a missing translation must show (as the key), not fall back.
  const t = i18n.t.bind(i18n) as (key: string, values: Record<string, string>) => string
  return 'key' in said ? t(said.key, said.values) : said.text
}
const reported = (r: { code: string; args: unknown; text: string }) => ({ reason: r.text, code: r.code, args: r.args })

describe("the bot's status reasons in the UI language", () => {
  it('knows every code the worker sends, with words in every language', () => {
    expect(Object.keys(BOT_REASON_KEYS).sort()).toEqual([...statusReasonCodes].sort())
    for (const [lng, texts] of Object.entries(resources)) {
      for (const key of Object.values(BOT_REASON_KEYS)) expect(texts.status.reasons[key], `${lng} ${key}`).toBeTruthy()
    }
  })

  it('says a retry and a reconnect with their delay, numbers in the language', async () => {
    const retry = reported(statusReasons.retrying('Could not start: get stream: Service Unavailable', 750))
    expect(retry.reason).toBe('Could not start: get stream: Service Unavailable; trying again in 0.8 s')
    expect(await shown('en', retry)).toBe('Could not start: get stream: Service Unavailable; trying again in 0.8 s.')
    expect(await shown('de', retry)).toBe('Could not start: get stream: Service Unavailable – neuer Versuch in 0,8 s.')
    expect(await shown('fr', retry)).toBe('Could not start: get stream: Service Unavailable ; nouvel essai dans 0,8 s.')
    expect(await shown('pt', retry)).toBe('Could not start: get stream: Service Unavailable; nova tentativa em 0,8 s.')
    const reconnect = reported(statusReasons.reconnecting('socket closed (1006)', 1500))
    expect(await shown('de', reconnect)).toBe('Verbindung unterbrochen (socket closed (1006)) – neuer Verbindungsversuch in 1,5 s.')
    expect(await shown('en', reconnect)).toBe('Connection lost (socket closed (1006)); reconnecting in 1.5 s.')
  })

  it('says an ended licence, and the waiting states', async () => {
    expect(await shown('de', reported(statusReasons.licenceEnded()))).toBe('Deine Lizenz ist abgelaufen: Der Bot bleibt aus, bis du sie verlängerst.')
    expect(await shown('fr', reported(statusReasons.waitingLive()))).toBe('En attente du début du stream (démarrage automatique).')
    expect(await shown('pt', reported(statusReasons.liveBotOff()))).toMatch(/^A transmissão está ao vivo/)
  })

  it('shows a reason without a known code as it was sent', async () => {
    expect(await shown('de', { reason: 'Twitch refused the token; reconnect the channel', code: null, args: null })).toBe(
      'Twitch refused the token; reconnect the channel',
    )
    expect(await shown('de', { reason: 'Something new', code: 'FROM_A_NEWER_SERVER', args: {} })).toBe('Something new')
    expect(await shown('de', { reason: null, code: null, args: null })).toBeNull()
  })
})
