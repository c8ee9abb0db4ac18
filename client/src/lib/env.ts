/** Client configuration, read once from Vite's build-time env (VITE_* only; never secrets). */

export const DEFAULT_APP_TITLE = 'Channel Assistant'

/** gtag ids look like "AW-123456789" or "G-ABC123"; anything else is ignored. */
const AD_CONVERSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,63}$/

export interface ClientEnv {
  appTitle: string
  adConversionId: string | null
}

export function parseClientEnv(raw: Partial<Record<keyof ImportMetaEnv, string | undefined>>): ClientEnv {
  const title = raw.VITE_APP_TITLE?.trim()
  const adId = raw.VITE_AD_CONVERSION_ID?.trim()
  return {
    appTitle: title ? title : DEFAULT_APP_TITLE,
    adConversionId: adId && AD_CONVERSION_ID_PATTERN.test(adId) ? adId : null,
  }
}

export const env: ClientEnv = parseClientEnv({
  VITE_APP_TITLE: import.meta.env.VITE_APP_TITLE,
  VITE_AD_CONVERSION_ID: import.meta.env.VITE_AD_CONVERSION_ID,
})
