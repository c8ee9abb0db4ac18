import { useTranslation } from 'react-i18next';
import { StyledCard } from '../../../components/ui/card';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import type { RaidEntryFragment } from '../../../gql/graphql';
import { StyledMuted } from '../../assistant/components/muted-text';
import { formatDateTime } from '../../assistant/lib/format';

/** The channel's raids, both ways, newest first. */
export function RaidHistory({ raids }: { raids: readonly RaidEntryFragment[] }) {
  const { t, i18n } = useTranslation('raids');
  // The server keeps the outcome in words ("sent", "skipped: …", "refused: <Twitch's message>").
  const shoutoutText = (outcome: string | null) => {
    if (!outcome) return '—';
    if (outcome === 'sent') return t('history.shoutouts.sent');
    if (outcome.startsWith('skipped')) return t('history.shoutouts.skipped');
    return t('history.shoutouts.failed');
  };
  return (
    <StyledCard aria-labelledby="raid-history-title" data-testid="raid-history">
      <h2 id="raid-history-title">{t('history.title')}</h2>
      {raids.length === 0 ? (
        <StyledMuted data-testid="raid-history-empty">{t('history.empty')}</StyledMuted>
      ) : (
        <StyledTableWrap>
          <StyledTable $compact>
            <thead>
              <tr>
                <th scope="col">{t('history.when')}</th>
                <th scope="col">{t('history.direction')}</th>
                <th scope="col">{t('history.channel')}</th>
                <th scope="col">{t('history.state')}</th>
                <th scope="col">{t('history.viewers')}</th>
                <th scope="col">{t('history.shoutout')}</th>
              </tr>
            </thead>
            <tbody>
              {raids.map((raid) => (
                <tr key={raid.id} data-testid="raid-row" data-state={raid.state}>
                  <td>{formatDateTime(raid.requestedAt, i18n.language)}</td>
                  <td>{t(`history.directions.${raid.direction}`)}</td>
                  <td>{raid.otherName}</td>
                  <td>{t(`history.states.${raid.state}`)}</td>
                  <td>{raid.viewers ?? '—'}</td>
                  <td title={raid.shoutout ?? undefined}>{shoutoutText(raid.shoutout)}</td>
                </tr>
              ))}
            </tbody>
          </StyledTable>
        </StyledTableWrap>
      )}
    </StyledCard>
  );
}
