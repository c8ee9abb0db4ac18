import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import type { AnalyticsStreamStatFragment } from '../../../gql/graphql';
import { formatDuration, formatStart } from '../lib/range';

const dash = (n: number | null | undefined) => (n === null || n === undefined ? '–' : n.toLocaleString());

/** Per stream: duration, category, average and peak viewers (the platform's counts), chat lines, new followers. */
export function StreamStatsTable({ streams, names }: { streams: readonly AnalyticsStreamStatFragment[]; names?: ReadonlyMap<string, string> }) {
  const { t, i18n } = useTranslation('analytics');
  if (streams.length === 0) return <EmptyState testId="streams-empty">{t('streams.none')}</EmptyState>;
  return (
    <StyledTableWrap>
      <StyledTable $compact data-testid="stream-stats">
        <caption className="visually-hidden">{t('streams.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('streams.started')}</th>
            {names ? <th scope="col">{t('streams.channel')}</th> : null}
            <th scope="col">{t('streams.duration')}</th>
            <th scope="col">{t('streams.category')}</th>
            <th scope="col">{t('streams.average')}</th>
            <th scope="col">{t('streams.peak')}</th>
            <th scope="col">{t('streams.chatLines')}</th>
            <th scope="col">{t('streams.newFollowers')}</th>
          </tr>
        </thead>
        <tbody>
          {streams.map((s) => (
            <tr key={s.id} data-testid="stream-row">
              <td>{formatStart(s.startedAt, i18n.language)}</td>
              {names ? <td>{names.get(s.channelId) ?? s.channelId}</td> : null}
              <td>{s.endedAt ? formatDuration(s.startedAt, s.endedAt) : t('streams.live')}</td>
              <td>{s.category ?? '–'}</td>
              <td data-testid="stream-average">{dash(s.averageViewers)}</td>
              <td data-testid="stream-peak">{dash(s.peakViewers)}</td>
              <td>{dash(s.chatLines)}</td>
              <td>{dash(s.newFollowers)}</td>
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </StyledTableWrap>
  );
}
