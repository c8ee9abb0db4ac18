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
  // The dialog keeps showing a report that a change moved out of the filtered list.
  const current = selected ? (list?.edges.find((e) => e.node.id === selected.id)?.node ?? selected) : null;

  return (
    <StyledStack data-testid="feedback-admin">
      <PageHeader title={title} subtitle={t('admin.intro')} />
      <Panel title={t('admin.filters')}>
        <StyledFilters>
          <SelectField
            label={t('admin.status')}
            name="status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as FeedbackStatus | '');
              resetPaging();
            }}
          >
            <option value="">{t('admin.any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('admin.platform')}
            name="platform"
            value={platform}
            onChange={(e) => {
              setPlatform(e.target.value as Platform | '');
              resetPaging();
            }}
          >
            <option value="">{t('admin.any')}</option>
            <option value="twitch">Twitch</option>
            <option value="kick">Kick</option>
          </SelectField>
          <SelectField
            label={t('admin.age')}
            name="age"
            value={age}
            onChange={(e) => {
              setAge(e.target.value as Age);
              resetPaging();
            }}
          >
            <option value="">{t('admin.any')}</option>
            <option value="7">{t('admin.age7')}</option>
            <option value="30">{t('admin.age30')}</option>
            <option value="older30">{t('admin.older30')}</option>
          </SelectField>
          {channel ? (
            <Button
              variant="secondary"
              onClick={() => {
                setChannel(null);
                resetPaging();
              }}
              aria-label={t('admin.clearChannel')}
            >
              {t('admin.channelFilter', { name: channel.name })} ✕
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
