import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table'
import { StyledSelect } from '../../../components/ui/form-control'
import type { ChannelAuditModule } from '../../../gql/types'
import { ChannelAuditPageDocument } from '../graphql/team.generated'
import { useQuery } from '@apollo/client/react'
import { useChannelAbility } from '../../../lib/channel-ability'

const MODULES: readonly ChannelAuditModule[] = [
  'commands',
  'moderation',
  'conversation',
  'raids',
  'videos',
  'followers',
  'switches',
  'alerts',
  'quotes',
  'giveaways',
  'webhooks',
  'team',
]
const PAGE = 25

const StyledFilters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
`

const StyledChange = styled.code`
  display: block;
  max-width: 28rem;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

/** What was done, in words; an action this page does not know yet shows its code, marked as such. */
function ActionText({ action }: { action: string }) {
  const { t, i18n } = useTranslation('team')
  const key = `audit.actions.${action.replace(/\./g, '_')}`
  return i18n.exists(key, { ns: 'team' }) ? <>{t(key as never)}</> : <code translate="no">{action}</code>
}

/** The channel's log: newest first, paged by the server, filtered by person and module. */
function AuditLog({ channelId }: { channelId: string }) {
  const { t } = useTranslation('team')
  const [module, setModule] = useState<ChannelAuditModule | ''>('')
  const [actorId, setActorId] = useState('')
  const variables = { channelId, first: PAGE, module: module || null, actorId: actorId || null }
  const { data, loading, error, refetch, fetchMore } = useQuery(ChannelAuditPageDocument, { variables, fetchPolicy: 'cache-and-network' })
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const page = data?.channelAudit
  const rows = useMemo(() => page?.edges.map((e) => e.node), [page])
  // The people the log names so far (the page's own entries): who can be filtered by.
  const [people, setPeople] = useState<Map<string, string>>(new Map())
  const known = useMemo(() => {
    const next = new Map(people)
    for (const r of rows ?? []) if (r.actorId) next.set(r.actorId, r.actorName ?? r.actorId)
    return next
  }, [rows, people])
  const more = () =>
    void fetchMore({
      variables: { after: page?.pageInfo.endCursor },
      updateQuery: (prev, { fetchMoreResult }) => ({
        channelAudit: { ...fetchMoreResult.channelAudit, edges: [...prev.channelAudit.edges, ...fetchMoreResult.channelAudit.edges] },
      }),
    }).catch(() => {})
  return (
    <div data-testid="channel-audit">
      <StyledFilters>
        <StyledSelect
          aria-label={t('audit.module')}
          value={module}
          onChange={(e) => setModule(e.target.value as ChannelAuditModule | '')}
          data-testid="audit-module"
        >
          <option value="">{t('audit.allModules')}</option>
          {MODULES.map((m) => (
            <option key={m} value={m}>
              {t(`modules.${m}`)}
            </option>
          ))}
        </StyledSelect>
        <StyledSelect
          aria-label={t('audit.person')}
          value={actorId}
          onChange={(e) => {
            setPeople(known)
            setActorId(e.target.value)
          }}
          data-testid="audit-person"
        >
          <option value="">{t('audit.everyone')}</option>
          {[...known].map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </StyledSelect>
      </StyledFilters>
      <p data-testid="audit-count">{t('audit.count', { count: page?.totalCount ?? 0 })}</p>
      <DataTable
        caption={t('audit.caption')}
        rows={rows}
        rowKey={(r) => r.id}
        loading={loading}
        error={error}
        onRetry={reload}
        empty={t('audit.empty')}
        rowTestId="audit-row"
        rowProps={(r) => ({ 'data-action': r.action, 'data-actor': r.actorName ?? '' })}
        compact
        columns={[
          { key: 'at', header: t('audit.at'), cell: (r) => new Date(r.at as string).toLocaleString() },
          { key: 'who', header: t('audit.who'), rowHeader: true, cell: (r) => <span data-user-content>{r.actorName ?? t('audit.deleted')}</span> },
          { key: 'module', header: t('audit.module'), cell: (r) => t(`modules.${r.module}`) },
          { key: 'action', header: t('audit.action'), cell: (r) => <ActionText action={r.action} /> },
          { key: 'before', header: t('audit.before'), cell: (r) => (r.before ? <StyledChange data-user-content>{r.before}</StyledChange> : '—') },
          { key: 'after', header: t('audit.after'), cell: (r) => (r.after ? <StyledChange data-user-content>{r.after}</StyledChange> : '—') },
        ]}
      />
      {page?.pageInfo.hasNextPage ? (
        <Button variant="secondary" onClick={more} data-testid="audit-more">
          {t('audit.more')}
        </Button>
      ) : null}
    </div>
  )
}

function Gate({ channelId }: { channelId: string }) {
  const { t } = useTranslation('team')
  // Owners and members whose group may view the log; the server refuses the rest anyway.
  if (!useChannelAbility().can('view', 'audit')) return <Alert variant="info">{t('audit.notAllowed')}</Alert>
  return <AuditLog channelId={channelId} />
}

/** /apps/team/log: every change to the channel, with who made it. */
export default function ChannelAuditPage({ title }: { title: string }) {
  const { t } = useTranslation('team')
  return (
    <ChannelPage title={title} intro={() => t('audit.intro')} testId="channel-audit-page">
      {(channel) => <Gate key={channel.id} channelId={channel.id} />}
    </ChannelPage>
  )
}
