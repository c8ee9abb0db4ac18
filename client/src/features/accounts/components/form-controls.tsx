import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { StyledIconButton } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { StyledField, StyledFieldErrors, StyledLabel, StyledLabelRow, TextField, type TextFieldProps } from '../../../components/ui/text-field';

const StyledSelect = styled.select<{ $invalid: boolean }>`
  width: 100%;
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.inputBg};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledTextArea = styled.textarea<{ $invalid: boolean }>`
  width: 100%;
  min-height: 6rem;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.inputBg};
  color: ${({ theme }) => theme.colors.text};
  resize: vertical;
`;

const StyledHint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  errors?: readonly string[];
  hint?: ReactNode;
  children: ReactNode;
}

export function SelectField({ label, errors = [], hint, children, ...select }: SelectFieldProps) {
  const id = `select-${useId()}`;
  const invalid = errors.length > 0;
  return (
    <StyledField>
      <StyledLabelRow>
        <StyledLabel htmlFor={id}>{label}</StyledLabel>
      </StyledLabelRow>
      <StyledSelect
        id={id}
        $invalid={invalid}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid || hint ? `${id}-help` : undefined}
        {...select}
      >
        {children}
      </StyledSelect>
      <div id={`${id}-help`}>
        {hint ? <StyledHint>{hint}</StyledHint> : null}
        <StyledFieldErrors aria-live="polite">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </StyledFieldErrors>
      </div>
    </StyledField>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  errors?: readonly string[];
}

export function TextAreaField({ label, errors = [], ...area }: TextAreaFieldProps) {
  const id = `area-${useId()}`;
  const invalid = errors.length > 0;
  return (
    <StyledField>
      <StyledLabelRow>
        <StyledLabel htmlFor={id}>{label}</StyledLabel>
      </StyledLabelRow>
      <StyledTextArea id={id} $invalid={invalid} aria-invalid={invalid || undefined} aria-describedby={`${id}-errors`} {...area} />
      <StyledFieldErrors id={`${id}-errors`} aria-live="polite">
        {errors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </StyledFieldErrors>
    </StyledField>
  );
}

/** A text field with a hint line under it. */
export function HintedTextField({ hint, ...props }: TextFieldProps & { hint?: ReactNode }) {
  return (
    <div>
      <TextField {...props} />
      {hint ? <StyledHintBelow>{hint}</StyledHintBelow> : null}
    </div>
  );
}

const StyledHintBelow = styled(StyledHint)`
  margin-top: calc(-1 * ${({ theme }) => theme.space.md});
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const StyledSwitchRow = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} 0`};
  cursor: pointer;
`;

const StyledSwitchInput = styled.input`
  appearance: none;
  flex: none;
  position: relative;
  width: 2.5rem;
  height: 1.375rem;
  margin: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.border};
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.durations.fast};

  &::after {
    content: '';
    position: absolute;
    top: 0.1875rem;
    left: 0.1875rem;
    width: 1rem;
    height: 1rem;
    border-radius: ${({ theme }) => theme.radii.round};
    background: ${({ theme }) => theme.colors.onPrimary};
    transition: transform ${({ theme }) => theme.durations.fast};
  }

  &:checked {
    background: ${({ theme }) => theme.colors.primary};
  }

  &:checked::after {
    transform: translateX(1.125rem);
  }

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const StyledSwitchText = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.heading};
`;

/** A checkbox drawn as a switch (role switch, so screen readers say on / off). */
export function SwitchField({
  label,
  description,
  checked,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <StyledSwitchRow>
      <StyledSwitchInput
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      <StyledSwitchText>
        {label}
        {description ? <StyledHint>{description}</StyledHint> : null}
      </StyledSwitchText>
    </StyledSwitchRow>
  );
}

/** A password input with a show / hide button. */
export function PasswordInput(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <StyledIconButton
          type="button"
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} small />
        </StyledIconButton>
      }
    />
  );
}

export const StyledFormGrid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  column-gap: ${({ theme }) => theme.space.xl};

  @media ${({ theme }) => theme.media.mdUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export const StyledFieldset = styled.fieldset`
  border: 0;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.heading};
  }
`;
