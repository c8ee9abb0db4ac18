import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { StyledCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { useConversationLogQuery } from '../../../gql/graphql';
import { formatDateTime } from '../../assistant/lib/format';

export const LOG_PAGE = 20;

/** What was asked and answered, newest first, searched and paged on the server. */
export function LogSection({ channelId }: { channelId: string }) {
  const { t, i18n } = useTranslation('conversation');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const { data, loading, error, refetch } = useConversationLogQuery({
    variables: { channelId, search: search || null, first: LOG_PAGE, offset },
    pollInterval: 15_000,
    skipPollAttempt: () => document.visibilityState === 'hidden',
  });
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch]);
  const page = data?.channel?.conversation.log;

  function submit(e: FormEvent) {
    e.preventDefault();
    setOffset(0);
    setSearch(draft.trim());
  }

  return (
    <StyledCard data-testid="conversation-log">
      <h2>{t('log.title')}</h2>
      <form onSubmit={submit} role="search">
        <TextField
          label={t('log.search')}
          value={draft}
          maxLength={100}
          onChange={(e) => setDraft(e.target.value)}
          addon={
            <Button type="submit" variant="secondary">
              {t('log.find')}
            </Button>
          }
          data-testid="conversation-log-search"
        />
      </form>
      {error && !page ? <ErrorState error={error} onRetry={reload} testId="conversation-log-error" /> : null}
      {loading && !page ? <LoadingState testId="conversation-log-loading" /> : null}
      {page && page.items.length === 0 ? <EmptyState testId="conversation-log-empty">{search ? t('log.noMatch') : t('log.empty')}</EmptyState> : null}
      {page && page.items.length > 0 ? (
        <>
          <StyledTableWrap>
            <StyledTable $compact $busy={loading}>
              <caption className="visually-hidden">{t('log.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('log.when')}</th>
                  <th scope="col">{t('log.viewer')}</th>
                  <th scope="col">{t('log.question')}</th>
                  <th scope="col">{t('log.answer')}</th>
                  <th scope="col">{t('log.source')}</th>
                  <th scope="col">{t('log.latency')}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((item) => (
                  <tr key={item.id} data-testid="conversation-log-row">
                    <td>{formatDateTime(item.at, i18n.language)}</td>
                    <td>{item.viewerName}</td>
                    <td>{item.question}</td>
                    <td>{item.answer || <em>{t('log.silent')}</em>}</td>
                    <td title={item.error ?? undefined}>{t(`sources.${item.source}`)}</td>
                    <td>{t('log.ms', { ms: item.latencyMs })}</td>
                  </tr>
                ))}
              </tbody>
            </StyledTable>
          </StyledTableWrap>
          <p>
            {t('log.range', { from: offset + 1, to: offset + page.items.length, total: page.total })}{' '}
            <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - LOG_PAGE))}>
              {t('log.previous')}
            </Button>{' '}
            <Button variant="secondary" disabled={offset + LOG_PAGE >= page.total} onClick={() => setOffset(offset + LOG_PAGE)}>
              {t('log.next')}
            </Button>
          </p>
        </>
      ) : null}
    </StyledCard>
  );
}
