import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { preloadFirstScreen } from './app/first-screen'
import { AppProviders } from './app/providers'
import { createAppRouter } from './app/router'
import { injectAdConversionScript } from './lib/ad-conversion'
import { onSessionExpired } from './lib/api-fetch'
import { env } from './lib/env'
import { featureLocales } from './app/features'
import { initI18n } from './lib/i18n'
import { PATHS } from './lib/paths'
import { applySkinClass, getSkin } from './lib/preferences'

/**
 * Lets the browser run other tasks (input, network, paint) before going on. Start-up is a chain
 * of steps that each take tens of milliseconds on a phone: in one task they block input for
 * their sum (Lighthouse's total blocking time counts each task's time over 50 ms), in separate
 * tasks only each step's own time.
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

async function start(): Promise<void> {
  applySkinClass(getSkin())
  injectAdConversionScript(env.adConversionId)
  preloadFirstScreen(window.location.pathname)
  // Evaluating the entry's modules was one task; i18next, the router and React each get their own.
  await yieldToBrowser()
  await initI18n(featureLocales())
  await yieldToBrowser()

  const router = createAppRouter()
  // A refused token refresh has cleared the session: go to the login page (once), which says why.
  onSessionExpired(() => {
    void router.navigate(PATHS.login, { replace: true })
  })

  const container = document.getElementById('root')
  if (!container) throw new Error('#root element missing from index.html')
  await yieldToBrowser()
  const root = createRoot(container)
  // A transition lets React render the first screen in slices, yielding to the browser between
  // them, instead of one long task that blocks input (Lighthouse's TBT on a phone); the screen
  // rendered is the same.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    )
  })
}

void start()
