/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in the title bar, navbar and footer. */
  readonly VITE_APP_TITLE?: string
  /** Ad-conversion (gtag) id; when unset no tracking script is injected. */
  readonly VITE_AD_CONVERSION_ID?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
