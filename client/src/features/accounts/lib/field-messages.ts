import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { errorCodeOf, fieldErrorsOf } from '../../../lib/error-code'
import { translateServerMessages } from '../../../lib/server-messages'

/**
 * The server's messages for one field of a refused input (BAD_USER_INPUT), translated
 * where known. Other failures are shown once, as a whole (see needsGeneralMessage).
 */
export function useFieldMessages() {
  const { t } = useTranslation()
  return useCallback(
    (error: unknown, field: string): string[] =>
      error && errorCodeOf(error) === 'BAD_USER_INPUT' ? translateServerMessages(t, fieldErrorsOf(error)[field]) : [],
    [t],
  )
}
