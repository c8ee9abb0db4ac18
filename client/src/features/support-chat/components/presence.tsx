import styled from 'styled-components'
import type { SupportChatStatus } from '../../../gql/types'

const COLORS = { online: 'success', busy: 'danger', away: 'warning', offline: 'secondary' } as const

const StyledDot = styled.span<{ $status: SupportChatStatus }>`
  display: inline-block;
  flex: none;
  width: 0.625rem;
  height: 0.625rem;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme, $status }) => theme.colors[COLORS[$status]]};
`

/** A presence dot; the label is for screen readers (and the tooltip). */
export function PresenceDot({ status, label }: { status: SupportChatStatus; label: string }) {
  return <StyledDot $status={status} role="img" aria-label={label} title={label} data-status={status} />
}
