import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { moneyFormatter } from './money'

/** Formats for the current UI language (dates in UTC: the server counts licence days in UTC). */
export interface Formatters {
  date(value: string | null | undefined): string
  dateTime(value: string | null | undefined): string
  number(value: number): string
  /** An amount in the given ISO 4217 currency (the server's CURRENCY). */
  price(value: number, currency: string): string
  /** "2026-03-05" → a short day label for chart axes. */
  shortDay(day: string): string
}

const DASH = '—'

function parse(value: string): Date | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  return Number.isNaN(date.getTime()) ? null : date
}

export function createFormatters(language: string): Formatters {
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })
  const dateTimeFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
  const dayFormat = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const numberFormat = new Intl.NumberFormat(language)
  return {
    date: (value) => {
      const date = value ? parse(value) : null
      return date ? dateFormat.format(date) : DASH
    },
    dateTime: (value) => {
      const date = value ? parse(value) : null
      return date ? dateTimeFormat.format(date) : DASH
    },
    number: (value) => numberFormat.format(value),
    price: (value, currency) => moneyFormatter(language, currency)(value),
    shortDay: (day) => {
      const date = parse(day)
      return date ? dayFormat.format(date) : day
    },
  }
}

export function useFormatters(): Formatters {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en'
  return useMemo(() => createFormatters(language), [language])
}
