import { useState } from 'react'
import { ownedChannels } from '../../../lib/channel-ability'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { Panel } from '../../../components/ui/panel'
import { useToast } from '../../../components/ui/toast-provider'
import { FeedbackChannelsDocument } from '../graphql/file-report.generated'
import { FeedbackReportsDocument } from '../graphql/feedback.generated'
import { useQuery } from '@apollo/client/react'
import { useAbility } from '../../../lib/ability-context'
import { useSession } from '../../../lib/use-session'
import { FEEDBACK_ADMIN_PATH, PAGE_SIZE } from '../lib'
import { ReportDialog } from './report-dialog'
import { ReportView } from './report-view'

const StyledSection = styled.section`
  margin-top: ${({ theme }) => theme.space.xl};
`

/**
 * The Bot-Panel's feedback section: "Report a problem" (about one of your channels) and the
 * reports you may read with the admins' replies: a client their own, a reseller their
 * clients' (read-only). Admins triage on /admin/bot-feedback-reports.
 */
export function FeedbackSection() {
  const { t } = useTranslation('feedback')
  const toast = useToast()
  const session = useSession()
  // Triage is admins' (manage Admin); they do it on the reports page.
  const isAdmin = useAbility().can('manage', 'Admin')
  const staff = isAdmin || session.userData?.role === 'reseller'
  const [open, setOpen] = useState(false)
  const [limit, setLimit] = useState(PAGE_SIZE)
  const channels = useQuery(FeedbackChannelsDocument)
  const reports = useQuery(FeedbackReportsDocument, { variables: { first: limit }, skip: isAdmin, notifyOnNetworkStatusChange: true })
  // A report is filed on an owned channel only (a team member's channels are the owner's to report).
  const own = ownedChannels(channels.data?.channels ?? [])
  const list = reports.data?.feedbackReports

  return (
    <StyledSection data-testid="feedback-section">
      <Panel
        title={staff && !isAdmin ? t('mine.titleStaff') : t('mine.title')}
        actions={
          <Button
            variant="secondary"
            onClick={() => setOpen(true)}
            disabled={own.length === 0}
            title={own.length === 0 ? t('file.noChannel') : undefined}
            data-testid="feedback-open"
          >
            {t('file.button')}
          </Button>
        }
      >
        {isAdmin ? (
          <Link to={FEEDBACK_ADMIN_PATH}>{t('admin.open')}</Link>
        ) : reports.error && !list ? (
          <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
        ) : !list ? (
          <LoadingState />
        ) : list.edges.length === 0 ? (
          <EmptyState testId="feedback-empty">{staff ? t('mine.emptyStaff') : t('mine.empty')}</EmptyState>
        ) : (
          <>
            {list.edges.map(({ node }) => (
              <ReportView key={node.id} report={node} showReporter={staff} />
            ))}
            {list.pageInfo.hasNextPage && limit < 100 ? (
              <Button variant="ghost" onClick={() => setLimit((n) => Math.min(100, n + PAGE_SIZE))} disabled={reports.loading} aria-busy={reports.loading}>
                {t('mine.more')}
              </Button>
            ) : null}
          </>
        )}
      </Panel>
      {open ? (
        <ReportDialog
          open
          channels={own}
          onClose={() => setOpen(false)}
          onFiled={() => {
            setOpen(false)
            toast.show({ title: t('file.sent'), variant: 'success' })
            void reports.refetch()
          }}
        />
      ) : null}
    </StyledSection>
  )
}
