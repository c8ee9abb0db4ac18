import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { errorCodeOf, serverMessageOf, showsServerDetail } from './error-code'

/**
 * The text for a failure: the shared `errors.<CODE>` translation, followed by the
 * server's own message where it adds something (see showsServerDetail).
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation()
  return useCallback(
    (error: unknown) => {
      const code = errorCodeOf(error)
      const text = t(`errors.${code}`)
      const detail = showsServerDetail(code) ? serverMessageOf(error) : null
      return detail && detail !== text ? `${text} (${detail})` : text
    },
    [t],
  )
}
