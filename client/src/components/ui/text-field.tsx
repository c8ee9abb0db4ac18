import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styled from 'styled-components';

export const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

export const StyledLabelRow = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const StyledLabel = styled.label`
  color: ${({ theme }) => theme.colors.heading};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

export const StyledInputWrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

export const StyledInput = styled.input<{ $invalid: boolean; $withAddon: boolean }>`
  width: 100%;
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  padding-right: ${({ theme, $withAddon }) => ($withAddon ? theme.space.xxxl : theme.space.lg)};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.inputBg};
  color: ${({ theme }) => theme.colors.text};

  &:focus-visible {
    outline-offset: 0;
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const StyledAddon = styled.div`
  position: absolute;
  right: ${({ theme }) => theme.space.xs};
  display: flex;
`;

export const StyledFieldErrors = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  errors?: readonly string[];
  /** Rendered right of the label (e.g. "Forgot password?"). */
  labelAside?: ReactNode;
  /** Rendered inside the input on the right (e.g. a show-password button). */
  addon?: ReactNode;
  id?: string;
}

export function TextField({ label, errors = [], labelAside, addon, id, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const errorId = `${inputId}-errors`;
  const invalid = errors.length > 0;
  return (
    <StyledField>
      <StyledLabelRow>
        <StyledLabel htmlFor={inputId}>{label}</StyledLabel>
        {labelAside}
      </StyledLabelRow>
      <StyledInputWrap>
        <StyledInput
          id={inputId}
          $invalid={invalid}
          $withAddon={Boolean(addon)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          {...input}
        />
        {addon ? <StyledAddon>{addon}</StyledAddon> : null}
      </StyledInputWrap>
      <StyledFieldErrors id={errorId} aria-live="polite">
        {errors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </StyledFieldErrors>
    </StyledField>
  );
}
