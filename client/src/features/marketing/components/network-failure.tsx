import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { MarketingShell } from './marketing-shell'

/** The server could not be reached: say so and offer another try. */
export function NetworkFailure({ title, testId, alertTestId, onRetry }: { title: string; testId: string; alertTestId: string; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <MarketingShell title={title} testId={testId} actions={<Button onClick={onRetry}>{t('common.retry')}</Button>}>
      <Alert testId={alertTestId}>{t('errors.NETWORK')}</Alert>
    </MarketingShell>
  )
}
