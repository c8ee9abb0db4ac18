import styled from 'styled-components';
import type { SupportChatStatus } from '../../../gql/graphql';

const COLORS = { online: 'success', busy: 'danger', away: 'warning', offline: 'secondary' } as const;

const StyledDot = styled.span<{ $status: SupportChatStatus }>`
  display: inline-block;
  flex: none;
  width: 0.625rem;
  height: 0.625rem;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme, $status }) => theme.colors[COLORS[$status]]};
`;

/** A presence dot; the label is for screen readers (and the tooltip). */
export function PresenceDot({ status, label }: { status: SupportChatStatus; label: string }) {
  return <StyledDot $status={status} role="img" aria-label={label} title={label} data-status={status} />;
}

const StyledAvatar = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.sizes.avatar};
  height: ${({ theme }) => theme.sizes.avatar};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  overflow: hidden;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** The user's picture, or their initials. */
export function Avatar({ name, src }: { name: string; src?: string | null }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return <StyledAvatar aria-hidden="true">{src ? <img src={src} alt="" /> : initials}</StyledAvatar>;
}
