import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { SelectField } from '../../../components/ui/select-field'
import { AccountsAuditLogDocument, type AccountsAuditLogQuery } from '../graphql/audit-log.generated'
import { useQuery } from '@apollo/client/react'
import { useFormatters } from '../../../lib/format'
import { useCursorPages } from '../lib/use-cursor-pages'
import { roleLabel } from '../../../lib/role-label'
import { StyledCellStack, StyledMuted } from './data-table'
import { Pager } from './pager'

const ENTITIES = ['user', 'licence', 'plan', 'pricingQuestion', 'feedbackReport', 'faqCategory', 'faqQuestion', 'kbCategory', 'kbArticle'] as const

type AuditEntry = AccountsAuditLogQuery['auditLog']['edges'][number]['node']

const StyledChanges = styled.details`
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.link};
  }

  ul {
    margin: ${({ theme }) => `${theme.space.xs} 0 0`};
    padding-left: ${({ theme }) => theme.space.lg};
    max-width: 28rem;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    overflow-wrap: anywhere;
  }
`

const StyledToolbar = styled.div`
  max-width: 16rem;
`

const parse = (json: string | null): Record<string, unknown> => {
  try {
    const value: unknown = json ? JSON.parse(json) : null
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const shown = (value: unknown): string | null =>
  value === undefined || value === null || value === '' ? null : typeof value === 'string' ? value : JSON.stringify(value)

/** One line per changed field: "field: before → after", in the order the fields were written. */
export function changedFields(before: string | null, after: string | null): { field: string; before: string | null; after: string | null }[] {
  const [was, is] = [parse(before), parse(after)]
  return [...new Set([...Object.keys(was), ...Object.keys(is)])]
    .map((field) => ({ field, before: shown(was[field]), after: shown(is[field]) }))
    .filter((change) => change.before !== change.after)
}

/**
 * A changed field and its values in the reader's language: the field by the name the forms give
 * it, a status or a role by its word; what has no word (a name, a date, a number) as written.
 */
function useChangeWords(entity: string) {
  const { t } = useTranslation('accounts')
  const { t: tCommon } = useTranslation()
  const field = (name: string) =>
    t(`fields.${name}` as 'fields.user', { defaultValue: t(`audit.fields.${name}` as 'audit.fields.botPanel', { defaultValue: name }) })
  const value = (name: string, v: string | null) => {
    if (v === null) return t('audit.none')
    if (name === 'status') {
      const key = entity === 'licence' ? `licenceStatus.${v}` : entity === 'user' ? `userStatus.${v}` : null
      return key ? t(key as 'licenceStatus.active', { defaultValue: v }) : v
    }
    if (name === 'role') return roleLabel(tCommon, v)
    if (v === 'true' || v === 'false') return t(`audit.${v}`)
    return v
  }
  return (change: { field: string; before: string | null; after: string | null }) =>
    t('audit.change', { field: field(change.field), before: value(change.field, change.before), after: value(change.field, change.after) })
}

export function Changes({ entity, before, after }: { entity: string; before: string | null; after: string | null }) {
  const { t } = useTranslation('accounts')
  const words = useChangeWords(entity)
  const changes = changedFields(before, after)
  if (changes.length === 0) return <StyledMuted>—</StyledMuted>
  return (
    <StyledChanges>
      <summary>{t('audit.show')}</summary>
      <ul>
        {changes.map((change) => (
          <li key={change.field}>{words(change)}</li>
        ))}
      </ul>
    </StyledChanges>
  )
}

/** The audit log (admins), newest first, 20 a page; optionally one entity's entries. */
export function AuditLogTable({ entity: fixedEntity, entityId, pageSize = 20 }: { entity?: string; entityId?: string; pageSize?: number }) {
  const { t } = useTranslation('accounts')
  const { t: tCommon } = useTranslation()
  const format = useFormatters()
  const verb = (action: string) => {
    const [, first, second] = action.split('.')
    const key = first === 'settings' ? 'settings' : (second ?? first ?? '')
    return t(`audit.verbs.${key}` as 'audit.verbs.update', { defaultValue: action })
  }
  const target = (entity: string, id: string, name: string | null | undefined) => {
    const label = t(`audit.entityOne.${entity}` as 'audit.entityOne.user', { defaultValue: entity })
    return name ? t('audit.targetNamed', { entity: label, name }) : t('audit.targetNumbered', { entity: label, id })
  }
  const [entity, setEntity] = useState<string>(fixedEntity ?? '')
  const paging = useCursorPages(pageSize, entity)
  const { data, previousData, loading, error, refetch } = useQuery(AccountsAuditLogDocument, {
    variables: { first: pageSize, after: paging.after, entity: entity || null, entityId: entityId ?? null },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  })
  const shown = data ?? previousData
  const entries = shown?.auditLog.edges.map((edge) => edge.node) ?? []
  const columns: DataColumn<AuditEntry>[] = [
    { key: 'at', header: t('audit.at'), cell: (entry) => format.dateTime(entry.at) },
    {
      key: 'actor',
      header: t('audit.actor'),
      cell: (entry) => (
        <StyledCellStack>
          {/* The user import (npm run import:users) acts with no account. */}
          <span>
            {entry.actorRole === 'import' ? t('audit.importActor') : entry.actorId ? (entry.actorName ?? `#${entry.actorId}`) : t('audit.deletedActor')}
          </span>
          {entry.actorRole === 'import' ? null : <StyledMuted>{roleLabel(tCommon, entry.actorRole)}</StyledMuted>}
        </StyledCellStack>
      ),
    },
    { key: 'action', header: t('audit.action'), cell: (entry) => <span title={entry.action}>{verb(entry.action)}</span> },
    { key: 'target', header: t('audit.target'), cell: (entry) => target(entry.entity, entry.entityId, entry.targetName) },
    { key: 'changes', header: t('audit.changes'), cell: (entry) => <Changes entity={entry.entity} before={entry.before} after={entry.after} /> },
  ]

  return (
    <div data-testid="audit-log">
      {fixedEntity ? null : (
        <StyledToolbar>
          <SelectField
            label={t('audit.entity')}
            value={entity}
            onChange={(e) => {
              setEntity(e.target.value)
            }}
          >
            <option value="">{t('audit.allEntities')}</option>
            {ENTITIES.map((value) => (
              <option key={value} value={value}>
                {t(`audit.entities.${value}`)}
              </option>
            ))}
          </SelectField>
        </StyledToolbar>
      )}
      <DataTable
        columns={columns}
        rows={shown ? entries : undefined}
        rowKey={(entry) => entry.id}
        error={error}
        onRetry={() => void refetch()}
        loading={loading}
        empty={t('audit.empty')}
        compact
        rowTestId="audit-row"
        footer={shown ? <Pager label={t('audit.paging')} busy={loading} {...paging.pagerProps(shown.auditLog, entries.length)} /> : null}
      />
    </div>
  )
}
