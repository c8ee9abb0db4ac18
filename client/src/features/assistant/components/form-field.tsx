import { type ReactNode, useId } from 'react';
import styled, { css } from 'styled-components';
import { StyledField, StyledFieldErrors, StyledLabel, StyledLabelRow } from '../../../components/ui/text-field';

const controlStyles = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.inputBg};
  color: ${({ theme }) => theme.colors.text};

  &:focus-visible {
    outline-offset: 0;
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const StyledInput = styled.input<{ $invalid?: boolean }>`
  ${controlStyles}
`;

export const StyledTextarea = styled.textarea<{ $invalid?: boolean }>`
  ${controlStyles}
  min-height: calc(${({ theme }) => theme.sizes.control} * 2.5);
  resize: vertical;
  font-family: ${({ theme }) => theme.fonts.body};
`;

export const StyledSelect = styled.select<{ $invalid?: boolean }>`
  ${controlStyles}
`;

const StyledHint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  $invalid: boolean;
}

export interface FormFieldProps {
  label: string;
  hint?: string;
  errors?: readonly string[];
  aside?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with a hint and the field's errors (client checks and the server's). */
export function FormField({ label, hint, errors = [], aside, children }: FormFieldProps) {
  const id = `field-${useId()}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-errors`;
  const invalid = errors.length > 0;
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <StyledField>
      <StyledLabelRow>
        <StyledLabel htmlFor={id}>{label}</StyledLabel>
        {aside}
      </StyledLabelRow>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, $invalid: invalid })}
      {hint ? <StyledHint id={hintId}>{hint}</StyledHint> : null}
      <StyledFieldErrors id={errorId} aria-live="polite" data-testid="field-errors">
        {errors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </StyledFieldErrors>
    </StyledField>
  );
}
