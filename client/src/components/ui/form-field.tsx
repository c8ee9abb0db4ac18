import { type ReactNode, useId } from 'react'
import styled, { type DefaultTheme } from 'styled-components'

const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};
`

const StyledLabelRow = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: ${({ theme }) => theme.lineHeights.body};
`

/**
 * How far below a field's top its input starts (the label's line and the gap under it): a
 * button beside a field (StyledFieldRow) starts as far down, level with the input, whatever
 * hint or error the field shows under it.
 */
export const controlOffset = ({ theme }: { theme: DefaultTheme }) => `calc(${theme.fontSizes.sm} * ${theme.lineHeights.body} + ${theme.space.xs})`

const StyledLabel = styled.label`
  color: ${({ theme }) => theme.colors.heading};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`

const StyledHint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

const StyledFieldErrors = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

/** What FormField hands to its control: spread it onto the input, select or textarea. */
export interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  $invalid: boolean
}

export interface FormFieldProps {
  label: string
  hint?: ReactNode
  errors?: readonly string[]
  /** Rendered right of the label (e.g. "Forgot password?", a character counter). */
  aside?: ReactNode
  id?: string
  children: (control: ControlProps) => ReactNode
}

/** A labelled control with a hint and the field's errors (client checks and the server's). */
export function FormField({ label, hint, errors = [], aside, id, children }: FormFieldProps) {
  const generated = `field-${useId()}`
  const controlId = id ?? generated
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = `${controlId}-errors`
  const invalid = errors.length > 0
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined
  return (
    <StyledField>
      <StyledLabelRow>
        <StyledLabel htmlFor={controlId}>{label}</StyledLabel>
        {aside}
      </StyledLabelRow>
      {children({ id: controlId, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, $invalid: invalid })}
      {hint ? <StyledHint id={hintId}>{hint}</StyledHint> : null}
      <StyledFieldErrors id={errorId} aria-live="polite" data-testid="field-errors">
        {errors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </StyledFieldErrors>
    </StyledField>
  )
}
