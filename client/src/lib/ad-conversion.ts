/**
 * Ad-conversion tracking (spec section 1: "An ad-conversion tracking script is injected at
 * start-up"). Injected only when VITE_AD_CONVERSION_ID is configured; otherwise nothing
 * is added to the page. No inline script, so a strict CSP only needs the gtag host.
 */

export const GTAG_SRC = 'https://www.googletagmanager.com/gtag/js'

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void }

export function injectAdConversionScript(conversionId: string | null, win: Window = window): boolean {
  if (!conversionId) return false
  const doc = win.document
  if (doc.querySelector('script[data-ad-conversion]')) return true

  const gtagWindow = win as GtagWindow
  gtagWindow.dataLayer = gtagWindow.dataLayer ?? []
  gtagWindow.gtag = function gtag() {
    // gtag expects the Arguments object itself.
    // eslint-disable-next-line prefer-rest-params
    gtagWindow.dataLayer?.push(arguments)
  }
  gtagWindow.gtag('js', new Date())
  gtagWindow.gtag('config', conversionId)

  const script = doc.createElement('script')
  script.async = true
  script.src = `${GTAG_SRC}?id=${encodeURIComponent(conversionId)}`
  script.dataset.adConversion = conversionId
  doc.head.appendChild(script)
  return true
}
