import styled from 'styled-components'

/**
 * The popup's frame, list and status, shared by the search button (its error fallback) and the
 * lazily loaded popup: a file of their own, so the popup does not import the file that loads it.
 */
export const StyledPopup = styled.div`
  position: absolute;
  left: 0;
  top: calc(-1 * ${({ theme }) => theme.space.xs});
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  width: min(32rem, calc(100vw - 2rem));
  padding: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: 0 5px 25px ${({ theme }) => theme.colors.shadow};
`

export const StyledListbox = styled.div`
  max-height: min(60vh, 28rem);
  overflow-y: auto;
  margin-top: ${({ theme }) => theme.space.sm};

  ul {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    padding: 0;
    list-style: none;
  }
`

export const StyledGroupLabel = styled.li`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
`

export const StyledOption = styled.li<{ $active: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};

  small {
    margin-left: auto;
    padding-left: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`

export const StyledStatus = styled.div`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  color: ${({ theme }) => theme.colors.textMuted};

  &:empty {
    display: none;
  }
`
