import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Panel } from '../../../components/ui/panel'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import { CalendarFeedDocument, RevokeCalendarFeedDocument, RotateCalendarFeedDocument } from '../graphql/calendar.generated'
import { useMutation, useQuery } from '@apollo/client/react'

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
`

/**
 * The iCalendar feed: a secret URL calendar apps subscribe to. The server keeps only a hash of
 * the secret, so the URL is shown once, when made; a new one replaces it (the old stops working).
 */
export function FeedPanel() {
  const { t, i18n } = useTranslation('calendar')
  const toast = useToast()
  const feed = useQuery(CalendarFeedDocument)
  const [rotate, rotating] = useMutation(RotateCalendarFeedDocument)
  const [revoke, revoking] = useMutation(RevokeCalendarFeedDocument)
  const [url, setUrl] = useState<string | null>(null)
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null)
  const active = feed.data?.calendarFeed.active ?? false
  const createdAt = feed.data?.calendarFeed.createdAt
  const fail = (error: unknown) => toast.show({ title: t('feedFailed'), message: error instanceof Error ? error.message : undefined, variant: 'danger' })

  const makeLink = async () => {
    setConfirm(null)
    try {
      const res = await rotate()
      setUrl(res.data?.rotateCalendarFeed.url ?? null)
      await feed.refetch()
    } catch (error) {
      fail(error)
    }
  }
  const turnOff = async () => {
    setConfirm(null)
    try {
      await revoke()
      setUrl(null)
      await feed.refetch()
      toast.show({ title: t('feedRevoked'), variant: 'success' })
    } catch (error) {
      fail(error)
    }
  }
  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      toast.show({ title: t('feedCopied'), variant: 'success' })
    } catch {
      toast.show({ title: t('feedCopyFailed'), variant: 'danger' })
    }
  }

  return (
    <Panel title={t('feedTitle')} testId="calendar-feed">
      <p>{t('feedIntro')}</p>
      {url ? (
        <TextField label={t('feedUrl')} name="feedUrl" readOnly value={url} onFocus={(e) => e.currentTarget.select()} hint={t('feedOnce')} />
      ) : active && createdAt ? (
        <p>{t('feedActive', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(createdAt)) })}</p>
      ) : feed.data ? (
        <p>{t('feedOff')}</p>
      ) : null}
      <StyledActions>
        {url ? (
          <Button onClick={() => void copy()} data-testid="feed-copy">
            {t('feedCopy')}
          </Button>
        ) : null}
        <Button
          variant={url ? 'secondary' : 'primary'}
          onClick={() => (active ? setConfirm('rotate') : void makeLink())}
          disabled={rotating.loading || feed.loading}
          data-testid="feed-rotate"
        >
          {active ? t('feedRotate') : t('feedCreate')}
        </Button>
        {active ? (
          <Button variant="ghost" onClick={() => setConfirm('revoke')} disabled={revoking.loading}>
            {t('feedRevoke')}
          </Button>
        ) : null}
      </StyledActions>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'revoke' ? t('feedRevokeTitle') : t('feedRotateTitle')}
        message={confirm === 'revoke' ? t('feedRevokeMessage') : t('feedRotateMessage')}
        confirmLabel={confirm === 'revoke' ? t('feedRevoke') : t('feedRotate')}
        onConfirm={() => void (confirm === 'revoke' ? turnOff() : makeLink())}
        onCancel={() => setConfirm(null)}
        busy={rotating.loading || revoking.loading}
        testId="feed-confirm-dialog"
        confirmTestId="feed-confirm"
      />
    </Panel>
  )
}
