import styled from 'styled-components'

const StyledAvatar = styled.span<{ $large: boolean }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ theme, $large }) => ($large ? `calc(${theme.sizes.avatar} * 2)` : theme.sizes.avatar)};
  height: ${({ theme, $large }) => ($large ? `calc(${theme.sizes.avatar} * 2)` : theme.sizes.avatar)};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.link};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  font-size: ${({ theme, $large }) => ($large ? theme.fontSizes.xl : theme.fontSizes.sm)};
  overflow: hidden;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0], parts[0]?.[1]]
  return letters.filter(Boolean).join('').toUpperCase() || '?'
}

/** The user's picture, or their initials. Decorative: the name is always next to it. */
export function Avatar({ name, src, large = false }: { name: string; src?: string | null; large?: boolean }) {
  return (
    <StyledAvatar $large={large} aria-hidden="true">
      {src ? <img src={src} alt="" /> : initialsOf(name)}
    </StyledAvatar>
  )
}
