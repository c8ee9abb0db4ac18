import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { StyledStack } from '../../../components/ui/stack';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import { type FeedbackReportFieldsFragment, type FeedbackStatus, type Platform, useFeedbackReportsQuery } from '../../../gql/graphql';
import { StatusBadge, StyledMeta } from '../components/report-view';
import { TriageDialog } from '../components/triage-dialog';
import { formatWhen, PAGE_SIZE, STATUSES } from '../lib';

const StyledFilters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  align-items: end;
`;

const StyledPager = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;

type Age = '' | '7' | '30' | 'older30';
const AGE_ARGS: Record<Age, { minAgeDays?: number; maxAgeDays?: number }> = {
  '': {},
  '7': { maxAgeDays: 7 },
  '30': { maxAgeDays: 30 },
  older30: { minAgeDays: 30 },
};

/** One filter: a labelled native select whose options are strings of type T. */
function FilterSelect<T extends string>({
  label,
  name,
  value,
  options,
  onPick,
}: {
  label: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onPick: (value: T) => void;
}) {
  return (
    <SelectField label={label} name={name} value={value} onChange={(e) => onPick(e.target.value as T)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

/** /admin/bot-feedback-reports: admins triage the reports clients filed from the Bot-Panel. */
export default function FeedbackReportsPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('feedback');
  const [status, setStatus] = useState<FeedbackStatus | ''>('open');
  const [platform, setPlatform] = useState<Platform | ''>('');
  const [age, setAge] = useState<Age>('');
  const [channel, setChannel] = useState<{ id: string; name: string } | null>(null);
  // Keyset paging: the cursors of the pages before this one.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [selected, setSelected] = useState<FeedbackReportFieldsFragment | null>(null);
  const after = cursors.at(-1) ?? null;
  const { data, previousData, loading, error, refetch } = useFeedbackReportsQuery({
    variables: { first: PAGE_SIZE, after, status: status || null, platform: platform || null, channelId: channel?.id ?? null, ...AGE_ARGS[age] },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const list = (data ?? previousData)?.feedbackReports;
  const resetPaging = () => setCursors([null]);
  /** A filter change starts again at the first page. */
  const pick =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      resetPaging();
    };
  // The dialog keeps showing a report that a change moved out of the filtered list.
  const current = selected ? (list?.edges.find((e) => e.node.id === selected.id)?.node ?? selected) : null;

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
                setChannel(null);
                resetPaging();
              }}
              title={t('admin.clearChannel')}
            >
              {t('admin.channelFilter', { name: channel.name })} <span aria-hidden="true">✕</span>
            </Button>
          ) : null}
        </StyledFilters>
      </Panel>

      <Panel title={list ? t('admin.total', { count: list.totalCount }) : title}>
        {error && !list ? (
          <ErrorState error={error} onRetry={() => void refetch()} />
        ) : !list ? (
          <LoadingState />
        ) : list.edges.length === 0 ? (
          <EmptyState testId="feedback-admin-empty">{t('admin.empty')}</EmptyState>
        ) : (
          <StyledTableWrap>
            <StyledTable $busy={loading} data-testid="feedback-table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('admin.reported')}</th>
                  <th scope="col">{t('admin.channel')}</th>
                  <th scope="col">{t('admin.category')}</th>
                  <th scope="col">{t('admin.reporter')}</th>
                  <th scope="col">{t('admin.status')}</th>
                  <th scope="col">{t('admin.assignee')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.edges.map(({ node }) => (
                  <tr key={node.id} data-testid="feedback-row">
                    <td>{node.id}</td>
                    <td>{formatWhen(node.createdAt, i18n.language)}</td>
                    <td>
                      {node.channelId ? (
                        <Button
                          variant="ghost"
                          onClick={() => {
                            setChannel({ id: node.channelId!, name: node.channelName });
                            resetPaging();
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
                    </td>
                    <td>{t(`categories.${node.category}`)}</td>
                    <td>{node.reporterName}</td>
                    <td>
                      <StatusBadge status={node.status} />
                    </td>
                    <td>{node.assigneeName ?? <StyledMeta as="span">{t('admin.unassigned')}</StyledMeta>}</td>
                    <td>
                      <Button variant="secondary" onClick={() => setSelected(node)} data-testid="feedback-triage-open">
                        {t('admin.open')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </StyledTable>
          </StyledTableWrap>
        )}
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
            if (updated) setSelected(updated);
            void refetch();
          }}
        />
      ) : null}
    </StyledStack>
  );
}
