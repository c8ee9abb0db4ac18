import styled from 'styled-components'
import { Button } from '../../../components/ui/button'

export const StyledCellStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`

export const StyledMuted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`

export const StyledMono = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.heading};
  white-space: nowrap;
`

export const StyledRowActions = styled.div<{ $nowrap?: boolean }>`
  display: flex;
  flex-wrap: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'wrap')};
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`

/** Avatar and name side by side, never wrapped. */
export const StyledIdentity = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  white-space: nowrap;
`

export const StyledNowrap = styled.span`
  white-space: nowrap;
`

/** A compact button for table rows. */
export const StyledRowButton = styled(Button)`
  min-height: 0;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`
