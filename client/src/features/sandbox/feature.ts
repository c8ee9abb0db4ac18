import { defineFeature } from '../../lib/feature'

/** No page of its own: its components are embedded in other features' pages, its strings load with them. */
export const sandboxFeature = defineFeature({
  id: 'sandbox',
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
