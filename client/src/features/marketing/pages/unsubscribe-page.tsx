import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { type UnsubscribeResult, unsubscribe } from '../api/marketing-api'
import { MarketingShell } from '../components/marketing-shell'
import { NetworkFailure } from '../components/network-failure'

type State = { kind: 'working' } | { kind: 'result'; result: UnsubscribeResult | 'missing' }

/**
 * /pages/unsubscribemail and /pages/miscellaneous/unsubscribemail: reads the signed token
 * (?token=) and sets the account's email opt-out.
 */
export default function UnsubscribePage({ title }: { title: string }) {
  const { t } = useTranslation('marketing')
  const { t: tShared } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'result', result: 'missing' })

  useEffect(() => {
    if (!token) return undefined
    let current = true
    void unsubscribe(token).then((result) => {
      if (current) setState({ kind: 'result', result })
    })
    return () => {
      current = false
    }
  }, [token, attempt])

  const home = <Link to="/">{tShared('misc.backHome')}</Link>

  if (state.kind === 'working') {
    return (
      <MarketingShell title={title} testId="unsubscribe">
        <p role="status">{t('unsubscribe.working')}</p>
      </MarketingShell>
    )
  }
  switch (state.result) {
    case 'done':
      return (
        <MarketingShell title={t('unsubscribe.doneTitle')} testId="unsubscribe" actions={home}>
          <Alert variant="success" testId="unsubscribe-done">
            {t('unsubscribe.done')}
          </Alert>
          <p>{t('unsubscribe.doneMore')}</p>
        </MarketingShell>
      )
    case 'failed':
      return (
        <NetworkFailure
          title={title}
          testId="unsubscribe"
          alertTestId="unsubscribe-failed"
          onRetry={() => {
            setState({ kind: 'working' })
            setAttempt((n) => n + 1)
          }}
        />
      )
    default:
      return (
        <MarketingShell title={t('unsubscribe.invalidTitle')} testId="unsubscribe" actions={home}>
          <Alert testId="unsubscribe-invalid">{t('unsubscribe.invalid')}</Alert>
          <p>{t('unsubscribe.invalidMore')}</p>
        </MarketingShell>
      )
  }
}
