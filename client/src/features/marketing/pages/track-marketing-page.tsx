import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { recordOpen } from '../api/marketing-api'
import { MarketingShell } from '../components/marketing-shell'

/**
 * /pages/trackMarketing?m=<mail id>&s=<signature>: the web view of a marketing mail.
 * Records the open through the server's pixel endpoint (which counts only signed links
 * and answers the same either way, so this page cannot tell whether it was counted).
 */
export default function TrackMarketingPage({ title }: { title: string }) {
  const { t } = useTranslation('marketing')
  const { t: tShared } = useTranslation()
  const [params] = useSearchParams()
  const mailId = params.get('m') ?? ''
  const signature = params.get('s') ?? ''
  const complete = Boolean(mailId && signature)
  const [sent, setSent] = useState(false)

  useEffect(() => {
    if (!complete) return undefined
    let current = true
    void recordOpen(mailId, signature).then(() => {
      if (current) setSent(true)
    })
    return () => {
      current = false
    }
  }, [complete, mailId, signature])

  return (
    <MarketingShell title={title} testId="track-marketing" actions={<Link to="/">{tShared('misc.backHome')}</Link>}>
      {!complete ? (
        <Alert testId="track-incomplete">{t('track.incomplete')}</Alert>
      ) : sent ? (
        <p data-testid="track-done">{t('track.thanks')}</p>
      ) : (
        <p role="status">{t('track.working')}</p>
      )}
    </MarketingShell>
  )
}
