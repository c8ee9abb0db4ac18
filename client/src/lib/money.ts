import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
/**
 * Amounts of money in the deployment's currency (the server's CURRENCY, sent with the plans
 * and the admin figures), formatted for the UI language: "$8", "8 €", "US$ 8,50".
 */
export function moneyFormatter(language: string, currency: string): (value: number) => string {
  const options: Intl.NumberFormatOptions & { trailingZeroDisplay?: 'auto' | 'stripIfInteger' } = {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    // Whole amounts without ",00"; cents when there are any.
    trailingZeroDisplay: 'stripIfInteger',
  }
  const format = new Intl.NumberFormat(language, options)
  return (value) => format.format(value)
}

/** moneyFormatter for the current UI language, memoised per language and currency. */
export function useMoney(currency: string | null | undefined): (value: number) => string {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? 'en'
  return useMemo(() => moneyFormatter(language, currency || 'USD'), [language, currency])
}
