/**
 * Component tests (vitest project `component`, files `client/src/**\/*.test.tsx` beside the code):
 * a component rendered on happy-dom with the app's own i18next set-up (English) and theme, driven
 * by Testing Library as a user would (roles, labels, keyboard). For what needs no real browser:
 * forms and their messages, tables, empty, loading and error states, permission-dependent
 * rendering. Navigation, real layout and the end-to-end journeys stay in tests/e2e.
 */
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement, ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { ThemeProvider } from 'styled-components'
import { i18n, initI18n } from '../../client/src/lib/i18n'
import { lightTheme } from '../../client/src/lib/theme'
import { type ChannelModuleName, channelAbilityOf } from '../../client/src/lib/channel-ability'

const ready = initI18n()

function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={lightTheme}>{children}</ThemeProvider>
    </I18nextProvider>
  )
}

/** Renders `ui` inside the app's providers; `user` types and clicks like a person (with delays off). */
export async function renderUi(ui: ReactElement) {
  await ready
  const user = userEvent.setup()
  return { user, ...render(ui, { wrapper: Providers }) }
}

/** An English string of the app's shared translation (the assertion reads what the user reads). */
export const en = (key: string): string => i18n.t(key as never)

/**
 * A feature's English strings (its i18next namespace, client/src/features/<id>/locales/en.json),
 * which the app loads with the feature's page and a component test hands over itself.
 */
export function featureStrings(namespace: string, strings: Record<string, unknown>): (key: string, values?: Record<string, unknown>) => string {
  i18n.addResourceBundle('en', namespace, strings, true, true)
  return (key, values) => String(i18n.t(key as never, { ns: namespace, ...values } as never))
}

/**
 * A team member's ability on a channel: `grant` on one module, none elsewhere (what ChannelPage
 * provides from myAccess). Wrap the rendered component in `ChannelAbilityContext.Provider` with it.
 */
export const memberAbility = (module: ChannelModuleName, grant: 'view' | 'manage' | 'none') => channelAbilityOf({ owner: false, rights: [{ module, grant }] })
