import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { type FeedbackReportFieldsFragment, FeedbackReportsDocument } from '../graphql/feedback.generated'
import type { FeedbackStatus, Platform } from '../../../gql/types'
import { useQuery } from '@apollo/client/react'
import { StatusBadge, StyledMeta } from '../components/report-view'
import { TriageDialog } from '../components/triage-dialog'
import { formatWhen, PAGE_SIZE, STATUSES } from '../lib'

const StyledFilters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  align-items: end;
`

const StyledPager = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`

type Age = '' | '7' | '30' | 'older30'
const AGE_ARGS: Record<Age, { minAgeDays?: number; maxAgeDays?: number }> = {
  '': {},
  '7': { maxAgeDays: 7 },
  '30': { maxAgeDays: 30 },
  older30: { minAgeDays: 30 },
}

/** One filter: a labelled native select whose options are strings of type T. */
function FilterSelect<T extends string>({
  label,
  name,
  value,
  options,
  onPick,
}: {
  label: string
  name: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onPick: (value: T) => void
}) {
  return (
    <SelectField label={label} name={name} value={value} onChange={(e) => onPick(e.target.value as T)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  )
}

/** /admin/bot-feedback-reports: admins triage the reports clients filed from the Bot-Panel. */
export default function FeedbackReportsPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('feedback')
  const [status, setStatus] = useState<FeedbackStatus | ''>('open')
  const [platform, setPlatform] = useState<Platform | ''>('')
  const [age, setAge] = useState<Age>('')
  const [channel, setChannel] = useState<{ id: string; name: string } | null>(null)
  // Keyset paging: the cursors of the pages before this one.
  const [cursors, setCursors] = useState<Array<string | null>>([null])
  const [selected, setSelected] = useState<FeedbackReportFieldsFragment | null>(null)
  const after = cursors.at(-1) ?? null
  const { data, previousData, loading, error, refetch } = useQuery(FeedbackReportsDocument, {
    variables: { first: PAGE_SIZE, after, status: status || null, platform: platform || null, channelId: channel?.id ?? null, ...AGE_ARGS[age] },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  })
  const list = (data ?? previousData)?.feedbackReports
  const resetPaging = () => setCursors([null])
  /** A filter change starts again at the first page. */
  const pick =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      resetPaging()
    }
  // The dialog keeps showing a report that a change moved out of the filtered list.
  const current = selected ? (list?.edges.find((e) => e.node.id === selected.id)?.node ?? selected) : null

  return (
    <StyledStack data-testid="feedback-admin">
      <PageHeader title={title} subtitle={t('admin.intro')} />
      <Panel title={t('admin.filters')}>
        <StyledFilters>
          <FilterSelect
            label={t('admin.status')}
            name="status"
            value={status}
            onPick={pick(setStatus)}
            options={[{ value: '', label: t('admin.any') }, ...STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
          />
          <FilterSelect
            label={t('admin.platform')}
            name="platform"
            value={platform}
            onPick={pick(setPlatform)}
            options={[
              { value: '', label: t('admin.any') },
              { value: 'twitch', label: 'Twitch' },
              { value: 'kick', label: 'Kick' },
            ]}
          />
          <FilterSelect
            label={t('admin.age')}
            name="age"
            value={age}
            onPick={pick(setAge)}
            options={[
              { value: '', label: t('admin.any') },
              { value: '7', label: t('admin.age7') },
              { value: '30', label: t('admin.age30') },
              { value: 'older30', label: t('admin.older30') },
            ]}
          />
          {channel ? (
            <Button
              variant="secondary"
              onClick={() => {
                setChannel(null)
                resetPaging()
              }}
              title={t('admin.clearChannel')}
            >
              {t('admin.channelFilter', { name: channel.name })} <span aria-hidden="true">✕</span>
            </Button>
          ) : null}
        </StyledFilters>
      </Panel>

      <Panel title={list ? t('admin.total', { count: list.totalCount }) : title}>
        <DataTable<FeedbackReportFieldsFragment>
          columns={[
            { key: 'id', header: '#', cell: (node) => node.id },
            { key: 'reported', header: t('admin.reported'), cell: (node) => formatWhen(node.createdAt, i18n.language) },
            {
              key: 'channel',
              header: t('admin.channel'),
              cell: (node) => (
                <>
                  {node.channelId ? (
                    <Button
                      variant="ghost"
                      onClick={() => {
                        setChannel({ id: node.channelId!, name: node.channelName })
                        resetPaging()
                      }}
                      title={t('admin.onlyChannel', { name: node.channelName })}
                      data-testid="feedback-channel-filter"
                    >
                      {node.channelName}
                    </Button>
                  ) : (
                    node.channelName
                  )}{' '}
                  <StyledMeta as="span">{node.platform}</StyledMeta>
                </>
              ),
            },
            { key: 'category', header: t('admin.category'), cell: (node) => t(`categories.${node.category}`) },
            { key: 'reporter', header: t('admin.reporter'), cell: (node) => node.reporterName },
            { key: 'status', header: t('admin.status'), cell: (node) => <StatusBadge status={node.status} /> },
            { key: 'assignee', header: t('admin.assignee'), cell: (node) => node.assigneeName ?? <StyledMeta as="span">{t('admin.unassigned')}</StyledMeta> },
            {
              key: 'open',
              header: <span className="visually-hidden">{t('admin.open')}</span>,
              cell: (node) => (
                <Button variant="secondary" onClick={() => setSelected(node)} data-testid="feedback-triage-open">
                  {t('admin.open')}
                </Button>
              ),
            },
          ]}
          rows={list?.edges.map((edge) => edge.node)}
          rowKey={(node) => node.id}
          error={error}
          onRetry={() => void refetch()}
          loading={loading}
          empty={t('admin.empty')}
          emptyTestId="feedback-admin-empty"
          testId="feedback-table"
          rowTestId="feedback-row"
        />
        {list && (cursors.length > 1 || list.pageInfo.hasNextPage) ? (
          <StyledPager>
            <Button variant="secondary" disabled={cursors.length === 1 || loading} onClick={resetPaging}>
              {t('admin.first')}
            </Button>
            <Button
              variant="secondary"
              disabled={!list.pageInfo.hasNextPage || loading}
              onClick={() => setCursors((c) => [...c, list.pageInfo.endCursor])}
              data-testid="feedback-next"
            >
              {t('admin.next')}
            </Button>
          </StyledPager>
        ) : null}
      </Panel>
      {current ? (
        <TriageDialog
          key={current.id}
          report={current}
          onClose={() => setSelected(null)}
          onChanged={(updated) => {
            if (updated) setSelected(updated)
            void refetch()
          }}
        />
      ) : null}
    </StyledStack>
  )
}
