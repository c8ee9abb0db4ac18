import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderUi } from '../../../../../tests/support/component'
import { ToastProvider } from '../../../components/ui/toast-provider'
import { i18n } from '../../../lib/i18n'
import de from '../locales/de.json'
import en from '../locales/en.json'
import fr from '../locales/fr.json'
import pt from '../locales/pt.json'
import { LinkActions } from './link-actions'

const TITLE = 'Speedrun night #12'
const fill = (text: string) => text.replace('{{title}}', TITLE)

describe('the VOD library’s per-video actions', () => {
  // WCAG 2.5.3 (axe label-content-name-mismatch): a voice user says what they see; the name a
  // screen reader hears says which video too, but holds the visible label as it reads.
  it.each(Object.entries({ en, de, fr, pt }))('in %s, each action’s accessible name holds its visible label', (_, strings) => {
    const pairs = [
      [strings.actions.copy, strings.actions.copyLabel],
      [strings.actions.open, strings.actions.openLabel],
      [strings.delete.button, strings.delete.label],
    ] as const
    for (const [visible, name] of pairs) {
      expect(fill(name)).toContain(visible)
      expect(fill(name)).toContain(TITLE)
    }
  })

  it('names the copy button and the open link by their label and the video', async () => {
    i18n.addResourceBundle('en', 'videos', en, true, true)
    await renderUi(
      <ToastProvider>
        <LinkActions url="https://www.twitch.tv/videos/1" title={TITLE} />
      </ToastProvider>,
    )
    for (const el of [screen.getByTestId('copy-link'), screen.getByTestId('open-link')]) {
      const name = el.getAttribute('aria-label') ?? ''
      expect(name).toContain(el.textContent)
      expect(name).toContain(TITLE)
    }
  })
})
