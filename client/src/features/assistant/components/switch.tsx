import { useId } from 'react';
import styled from 'styled-components';

const StyledSwitchRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => `${theme.space.md} 0`};

  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const StyledSwitchText = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const StyledSwitchLabel = styled.span`
  color: ${({ theme }) => theme.colors.heading};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const StyledSwitchDescription = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledTrack = styled.button<{ $checked: boolean }>`
  position: relative;
  flex: none;
  width: calc(${({ theme }) => theme.space.xxl} + ${({ theme }) => theme.space.md});
  height: ${({ theme }) => theme.space.xl};
  margin-top: ${({ theme }) => theme.space.xxs};
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.durations.fast};

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }

  &[aria-busy='true'] {
    cursor: progress;
  }
`;

const StyledThumb = styled.span<{ $checked: boolean }>`
  position: absolute;
  top: ${({ theme }) => theme.space.xxs};
  left: ${({ theme, $checked }) => ($checked ? `calc(100% - ${theme.space.xl} + ${theme.space.xxs})` : theme.space.xxs)};
  width: calc(${({ theme }) => theme.space.xl} - 2 * ${({ theme }) => theme.space.xxs});
  height: calc(${({ theme }) => theme.space.xl} - 2 * ${({ theme }) => theme.space.xxs});
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.onPrimary};
  box-shadow: 0 1px 3px ${({ theme }) => theme.colors.shadow};
  transition: left ${({ theme }) => theme.durations.fast};
`;

export interface SwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  busy?: boolean;
  testId?: string;
}

/** An on/off switch (role="switch"): Space or Enter toggles it; the label names it. */
export function Switch({ label, description, checked, onChange, disabled = false, busy = false, testId }: SwitchProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <StyledSwitchRow>
      <StyledSwitchText>
        <StyledSwitchLabel id={labelId}>{label}</StyledSwitchLabel>
        {description ? <StyledSwitchDescription id={descriptionId}>{description}</StyledSwitchDescription> : null}
      </StyledSwitchText>
      <StyledTrack
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        aria-busy={busy || undefined}
        $checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-testid={testId}
      >
        <StyledThumb $checked={checked} aria-hidden="true" />
      </StyledTrack>
    </StyledSwitchRow>
  );
}

/** A switch without a visible label row (tables): `label` is its accessible name. */
export function InlineSwitch({ label, checked, onChange, disabled = false, busy = false, testId }: Omit<SwitchProps, 'description'>) {
  return (
    <StyledTrack
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      $checked={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      data-testid={testId}
    >
      <StyledThumb $checked={checked} aria-hidden="true" />
    </StyledTrack>
  );
}
