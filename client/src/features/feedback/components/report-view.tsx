import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { FeedbackReportFieldsFragment } from '../graphql/feedback.generated'
import type { FeedbackStatus } from '../../../gql/types'
import { formatWhen } from '../lib'

const StyledStatus = styled.span<{ $status: FeedbackStatus }>`
  display: inline-block;
  padding: ${({ theme }) => `0 ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $status }) => ($status === 'resolved' ? theme.colors.success : $status === 'open' ? theme.colors.warning : theme.colors.info)};
  background: ${({ theme, $status }) =>
    $status === 'resolved' ? theme.colors.successSoft : $status === 'open' ? theme.colors.warningSoft : theme.colors.infoSoft};
`

export function StatusBadge({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation('feedback')
  return (
    <StyledStatus $status={status} data-testid="feedback-status">
      {t(`statuses.${status}`)}
    </StyledStatus>
  )
}

const StyledExcerpt = styled.ol`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  list-style: none;
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

export function Excerpt({ lines }: { lines: FeedbackReportFieldsFragment['excerpt'] }) {
  const { t } = useTranslation('feedback')
  if (lines.length === 0) return null
  return (
    <StyledExcerpt aria-label={t('mine.excerpt')} data-testid="feedback-excerpt">
      {lines.map((line, i) => (
        <li key={i}>
          <b>{line.userName}:</b> {line.text}
        </li>
      ))}
    </StyledExcerpt>
  )
}

const StyledReport = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`

export const StyledMeta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

const StyledReply = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.infoSoft};

  h4 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`

/** One report as its reporter (or their reseller) sees it: what was filed and the admins' reply. */
export function ReportView({ report, showReporter = false, children }: { report: FeedbackReportFieldsFragment; showReporter?: boolean; children?: ReactNode }) {
  const { t, i18n } = useTranslation('feedback')
  return (
    <StyledReport data-testid="feedback-report" aria-label={`#${report.id}`}>
      <StyledMeta>
        <StatusBadge status={report.status} />
        <strong>{t(`categories.${report.category}`)}</strong>
        <span>{report.channelName}</span>
        <span>{t('mine.filed', { time: formatWhen(report.createdAt, i18n.language) })}</span>
        {showReporter ? <span>{t('mine.by', { name: report.reporterName })}</span> : null}
      </StyledMeta>
      <p>{report.text}</p>
      <Excerpt lines={report.excerpt} />
      {report.reply ? (
        <StyledReply data-testid="feedback-reply">
          <h4>{t('mine.reply')}</h4>
          <p>{report.reply}</p>
        </StyledReply>
      ) : (
        <StyledMeta>{t('mine.noReply')}</StyledMeta>
      )}
      {children}
    </StyledReport>
  )
}
