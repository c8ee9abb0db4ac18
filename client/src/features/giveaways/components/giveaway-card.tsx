import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMutation } from '@apollo/client/react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { StyledTableWrap } from '../../../components/ui/table'
import { useErrorText } from '../../../lib/use-error-text'
import { CloseGiveawayDocument, DrawGiveawayDocument, type ChannelGiveawaysQuery } from '../graphql/giveaways.generated'
import { GiveawayDrawView } from './giveaway-draw'
import { useGiveawayTerms } from './use-giveaway-terms'

export type GiveawayItem = NonNullable<ChannelGiveawaysQuery['channel']>['giveaways'][number]

/**
 * The current giveaway: its terms, the entrants as they come in (the list is polled while it is
 * open), and its actions: end (stop the entries), draw, reroll. Ending and rerolling ask first;
 * the draw itself happens on the server (crypto random over the stored tickets).
 */
export function GiveawayCard({ giveaway, onChanged }: { giveaway: GiveawayItem; onChanged: () => void }) {
  const { t, i18n } = useTranslation('giveaways')
  const errorText = useErrorText()
  const terms = useGiveawayTerms()
  const [asking, setAsking] = useState<'end' | 'reroll' | null>(null)
  const [close, closing] = useMutation(CloseGiveawayDocument)
  const [draw, drawing] = useMutation(DrawGiveawayDocument)
  const open = giveaway.state === 'open'
  const drawn = giveaway.draws.length > 0
  const undrawn = giveaway.entries.length - giveaway.draws.length
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' })
  const error = closing.error ?? drawing.error

  async function run(what: 'end' | 'draw' | 'reroll') {
    setAsking(null)
    try {
      if (what === 'end') await close({ variables: { id: giveaway.id } })
      else await draw({ variables: { id: giveaway.id } })
    } catch {
      // shown in the card
    }
    onChanged()
  }

  return (
    <StyledCard data-testid="giveaway-current" aria-labelledby={`giveaway-${giveaway.id}`}>
      <h2 id={`giveaway-${giveaway.id}`}>
        {giveaway.prize} · {open ? t('state.open') : t('state.closed')}
      </h2>
      <p data-testid="giveaway-terms">{terms(giveaway)}</p>
      {error ? <Alert>{errorText(error)}</Alert> : null}
      <p>
        {open ? (
          <Button variant="secondary" onClick={() => setAsking('end')} disabled={closing.loading} data-testid="giveaway-end">
            {t('actions.end')}
          </Button>
        ) : null}{' '}
        {drawn ? (
          <Button variant="secondary" onClick={() => setAsking('reroll')} disabled={drawing.loading || undrawn < 1} data-testid="giveaway-reroll">
            {t('actions.reroll')}
          </Button>
        ) : (
          <Button onClick={() => void run('draw')} disabled={drawing.loading || giveaway.entries.length === 0} data-testid="giveaway-draw">
            {t('actions.draw')}
          </Button>
        )}
      </p>
      {giveaway.draws
        .slice()
        .reverse()
        .map((d, i) => (
          <GiveawayDrawView key={d.id} draw={d} latest={i === 0} />
        ))}
      <h3 aria-live="polite">{t('entries.title', { count: giveaway.entries.length })}</h3>
      {giveaway.entries.length === 0 ? (
        <EmptyState testId="giveaway-entries-empty">
          {giveaway.keyword ? t('entries.emptyKeyword', { keyword: giveaway.keyword }) : t('entries.emptyChat')}
        </EmptyState>
      ) : (
        <StyledTableWrap>
          <table data-testid="giveaway-entries">
            <thead>
              <tr>
                <th scope="col">{t('entries.viewer')}</th>
                <th scope="col">{t('entries.tickets')}</th>
                <th scope="col">{t('entries.at')}</th>
              </tr>
            </thead>
            <tbody>
              {giveaway.entries.map((e) => (
                <tr key={e.id} data-testid="giveaway-entry">
                  <td data-user-content>
                    {e.name}
                    {e.subscriber ? ` (${t('entries.subscriber')})` : ''}
                  </td>
                  <td>{e.tickets}</td>
                  <td>{time.format(new Date(e.enteredAt as string))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </StyledTableWrap>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'reroll' ? t('confirm.rerollTitle') : t('confirm.endTitle')}
        message={asking === 'reroll' ? t('confirm.rerollMessage') : t('confirm.endMessage', { count: giveaway.entries.length })}
        confirmLabel={asking === 'reroll' ? t('actions.reroll') : t('actions.end')}
        onConfirm={() => void run(asking ?? 'end')}
        onCancel={() => setAsking(null)}
        testId="giveaway-confirm"
      />
    </StyledCard>
  )
}
