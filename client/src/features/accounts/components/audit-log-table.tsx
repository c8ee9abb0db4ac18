import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { SelectField } from '../../../components/ui/select-field';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import { useAccountsAuditLogQuery } from '../../../gql/graphql';
import { useFormatters } from '../lib/format';
import { useCursorPages } from '../lib/use-cursor-pages';
import { StyledCellStack, StyledMono, StyledMuted } from './data-table';
import { Pager } from './pager';

const ENTITIES = ['user', 'licence', 'plan', 'feedbackReport', 'faqCategory', 'faqQuestion', 'kbCategory', 'kbArticle'] as const;

const StyledChanges = styled.details`
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.link};
  }

  pre {
    margin: ${({ theme }) => `${theme.space.xs} 0 0`};
    padding: ${({ theme }) => theme.space.sm};
    max-width: 28rem;
    overflow-x: auto;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.body};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const StyledToolbar = styled.div`
  max-width: 16rem;
`;

function pretty(json: string | null): string {
  if (!json) return '—';
  try {
    return JSON.stringify(JSON.parse(json), null, 1);
  } catch {
    return json;
  }
}

/** The audit log (admins), newest first, 20 a page; optionally one entity's entries. */
export function AuditLogTable({ entity: fixedEntity, entityId, pageSize = 20 }: { entity?: string; entityId?: string; pageSize?: number }) {
  const { t } = useTranslation('accounts');
  const format = useFormatters();
  const [entity, setEntity] = useState<string>(fixedEntity ?? '');
  const paging = useCursorPages(pageSize, entity);
  const { data, previousData, loading, error, refetch } = useAccountsAuditLogQuery({
    variables: { first: pageSize, after: paging.after, entity: entity || null, entityId: entityId ?? null },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const shown = data ?? previousData;
  const entries = shown?.auditLog.edges.map((edge) => edge.node) ?? [];

  return (
    <div data-testid="audit-log">
      {fixedEntity ? null : (
        <StyledToolbar>
          <SelectField
            label={t('audit.entity')}
            value={entity}
            onChange={(e) => {
              setEntity(e.target.value);
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
      {error && !shown ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : !shown ? (
        <LoadingState />
      ) : entries.length === 0 ? (
        <EmptyState>{t('audit.empty')}</EmptyState>
      ) : (
        <>
          <StyledTableWrap>
            <StyledTable $compact $busy={loading} aria-busy={loading}>
              <thead>
                <tr>
                  <th scope="col">{t('audit.at')}</th>
                  <th scope="col">{t('audit.actor')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('audit.changes')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} data-testid="audit-row">
                    <td>{format.dateTime(entry.at)}</td>
                    <td>
                      <StyledCellStack>
                        <span>{entry.actorId ? `#${entry.actorId}` : t('audit.deletedActor')}</span>
                        <StyledMuted>{entry.actorRole}</StyledMuted>
                      </StyledCellStack>
                    </td>
                    <td>
                      <StyledMono>{entry.action}</StyledMono>
                    </td>
                    <td>
                      {entry.entity} #{entry.entityId}
                    </td>
                    <td>
                      {entry.before || entry.after ? (
                        <StyledChanges>
                          <summary>{t('audit.show')}</summary>
                          <StyledMuted>{t('audit.before')}</StyledMuted>
                          <pre>{pretty(entry.before)}</pre>
                          <StyledMuted>{t('audit.after')}</StyledMuted>
                          <pre>{pretty(entry.after)}</pre>
                        </StyledChanges>
                      ) : (
                        <StyledMuted>—</StyledMuted>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </StyledTable>
          </StyledTableWrap>
          <Pager label={t('audit.paging')} busy={loading} {...paging.pagerProps(shown.auditLog, entries.length)} />
        </>
      )}
    </div>
  );
}
