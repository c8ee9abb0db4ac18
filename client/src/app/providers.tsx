import type { ReactNode } from 'react'
import { ThemeProvider } from 'styled-components'
import { ToastProvider } from '../components/ui/toast-provider'
import { GlobalStyle } from '../lib/global-style'
import { useSkin } from '../lib/preferences'
import { themeForSkin } from '../lib/theme'

/** Theme (switched with the skin), global styles and toasts. i18next is initialised in main.tsx. */
export function AppProviders({ children }: { children: ReactNode }) {
  const skin = useSkin()
  return (
    <ThemeProvider theme={themeForSkin(skin)}>
      <GlobalStyle />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  )
}
