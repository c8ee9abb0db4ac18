import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { type ClickResult, checkClick } from '../api/marketing-api'
import { MarketingShell } from '../components/marketing-shell'
import { NetworkFailure } from '../components/network-failure'

type State = { kind: 'checking' } | ClickResult | { kind: 'incomplete' }

/**
 * /pages/redirectToPage?m=<mail id>&url=<destination>&s=<signature>: the click link of a
 * marketing mail. The server checks the signature and its host allow-list and records
 * the click; only then does the browser go on. A refused link shows an error page and
 * never a link to the refused destination.
 */
export default function RedirectPage({ title }: { title: string }) {
  const { t } = useTranslation('marketing')
  const { t: tShared } = useTranslation()
  const [params] = useSearchParams()
  const mailId = params.get('m') ?? ''
  const url = params.get('url') ?? ''
  const signature = params.get('s') ?? ''
  const complete = Boolean(mailId && url && signature)
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<State>(complete ? { kind: 'checking' } : { kind: 'incomplete' })

  useEffect(() => {
    if (!complete) return undefined
    let current = true
    void checkClick(mailId, url, signature).then((result) => {
      if (!current) return
      setState(result)
      if (result.kind === 'allowed') window.location.replace(result.href)
    })
    return () => {
      current = false
    }
  }, [complete, mailId, url, signature, attempt])

  const home = <Link to="/">{tShared('misc.backHome')}</Link>

  switch (state.kind) {
    case 'checking':
      return (
        <MarketingShell title={title} testId="redirect">
          <p role="status">{t('redirect.checking')}</p>
        </MarketingShell>
      )
    case 'allowed':
      return (
        <MarketingShell title={title} testId="redirect">
          <p role="status" data-testid="redirect-going">
            {t('redirect.going', { host: new URL(state.href).host })}
          </p>
          <p>
            <a href={state.href} rel="noreferrer noopener">
              {t('redirect.manual')}
            </a>
          </p>
        </MarketingShell>
      )
    case 'failed':
      return (
        <NetworkFailure
          title={title}
          testId="redirect"
          alertTestId="redirect-failed"
          onRetry={() => {
            setState({ kind: 'checking' })
            setAttempt((n) => n + 1)
          }}
        />
      )
    case 'refused':
      return (
        <MarketingShell title={t('redirect.refusedTitle')} testId="redirect" actions={home}>
          <Alert testId="redirect-refused">{state.reason === 'host' ? t('redirect.refusedHost') : t('redirect.refusedLink')}</Alert>
          <p>{t('redirect.refusedMore')}</p>
        </MarketingShell>
      )
    default:
      return (
        <MarketingShell title={t('redirect.refusedTitle')} testId="redirect" actions={home}>
          <Alert testId="redirect-incomplete">{t('redirect.incomplete')}</Alert>
        </MarketingShell>
      )
  }
}
