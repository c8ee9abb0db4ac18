import styled from 'styled-components'

export const StyledCode = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme }) => theme.colors.heading};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`

export const StyledClamp = styled.span`
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  overflow-wrap: anywhere;
  max-width: calc(${({ theme }) => theme.sizes.authCardWidth} * 1.2);
`

export const StyledRowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  justify-content: flex-end;

  button {
    min-height: auto;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  }
`

export const StyledLimitLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`
