import styled, { css } from 'styled-components'

/** The look of every text input, select and textarea (red border when invalid). */
const controlStyles = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.inputBg};
  color: ${({ theme }) => theme.colors.text};

  &:focus-visible {
    outline-offset: 0;
    border-color: ${({ theme }) => theme.colors.primary};
  }
`

/** `$withAddon` leaves room on the right for a button inside the input (e.g. show password). */
export const StyledInput = styled.input<{ $invalid?: boolean; $withAddon?: boolean }>`
  ${controlStyles}
  padding-right: ${({ theme, $withAddon }) => ($withAddon ? theme.space.xxxl : theme.space.lg)};
`

export const StyledSelect = styled.select<{ $invalid?: boolean }>`
  ${controlStyles}
`

export const StyledTextarea = styled.textarea<{ $invalid?: boolean }>`
  ${controlStyles}
  min-height: calc(${({ theme }) => theme.sizes.control} * 2.5);
  resize: vertical;
  font-family: ${({ theme }) => theme.fonts.body};
`
