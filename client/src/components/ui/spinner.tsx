import styled, { keyframes } from 'styled-components'

const spin = keyframes`
  to { transform: rotate(360deg); }
`

/** A turning ring; decorative (the caller says what is loading). `large` for a whole page. */
export const StyledSpinner = styled.span.attrs({ 'aria-hidden': true })<{ $large?: boolean }>`
  display: inline-block;
  flex: none;
  width: ${({ theme, $large }) => ($large ? theme.sizes.spinner : theme.sizes.icon)};
  height: ${({ theme, $large }) => ($large ? theme.sizes.spinner : theme.sizes.icon)};
  border-radius: ${({ theme }) => theme.radii.round};
  border: ${({ $large }) => ($large ? 3 : 2)}px solid ${({ theme }) => theme.colors.primarySoft};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`
