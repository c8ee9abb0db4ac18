import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { GiveawayDrawPartsFragment } from '../graphql/giveaways.generated'

const StyledDraw = styled.div`
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  padding-left: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
`

/** One draw: the winner, what it was drawn from (auditable), and the winner's chat lines since (are they there?). */
export function GiveawayDrawView({ draw, latest }: { draw: GiveawayDrawPartsFragment; latest: boolean }) {
  const { t, i18n } = useTranslation('giveaways')
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' })
  return (
    <StyledDraw data-testid="giveaway-draw-result">
      <p>
        <strong data-testid="giveaway-winner" data-user-content>
          {latest ? t('draw.winner', { name: draw.winner?.name ?? '—' }) : t('draw.earlier', { name: draw.winner?.name ?? '—' })}
        </strong>
      </p>
      <p>{t('draw.audit', { ticket: draw.ticket + 1, total: draw.totalTickets, entries: draw.entriesDrawnFrom })}</p>
      {latest ? (
        <>
          <h3>{t('draw.messages')}</h3>
          {draw.winnerMessages.length === 0 ? (
            <p data-testid="giveaway-winner-silent">{t('draw.noMessages')}</p>
          ) : (
            <ul data-testid="giveaway-winner-messages" aria-live="polite">
              {draw.winnerMessages.map((m, i) => (
                <li key={i}>
                  {time.format(new Date(m.at as string))} <span data-user-content>{m.text}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </StyledDraw>
  )
}
