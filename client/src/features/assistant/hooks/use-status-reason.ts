import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { reasonText, type BotStatusReason } from '../lib/status-reason'

/** The bot's status reason in the UI language (null without one); an error's as "The bot stopped with an error: …". */
export function useStatusReason(): (status: BotStatusReason & { state: string }) => string | null {
  const { t, i18n } = useTranslation('assistant')
  return useCallback(
    (status) => {
      const said = reasonText(status, i18n.language)
      if (!said) return null
      // Every code has its words (tests/unit/client/assistant-status-reason.test.ts); the worker's stand in all the same.
      const text = 'key' in said ? t(said.key, { ...said.values, defaultValue: status.reason ?? '' }) : said.text
      return status.state === 'error' ? t('status.errorReason', { reason: text }) : text
    },
    [t, i18n.language],
  )
}
