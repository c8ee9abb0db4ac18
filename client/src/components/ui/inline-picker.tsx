import styled from 'styled-components'

/** A label and a native select side by side (page header pickers: channel, period). */
export const StyledInlinePicker = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  label {
    color: ${({ theme }) => theme.colors.heading};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    white-space: nowrap;
  }
`
