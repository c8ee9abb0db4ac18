import { useTranslation } from 'react-i18next'
import { Alert } from './alert'
import { Button } from './button'
import { useErrorText } from '../../lib/use-error-text'

/** A failed load: the translated error and an optional "Try again". */
export function ErrorState({ error, onRetry, testId = 'load-error' }: { error: unknown; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return (
    <Alert testId={testId}>
      <p>{errorText(error)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Alert>
  )
}
