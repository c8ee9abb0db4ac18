import type { ButtonHTMLAttributes } from 'react'
import styled from 'styled-components'

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
`

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
`

export interface SwitchButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role' | 'type'> {
  checked: boolean
  onChange: (checked: boolean) => void
  busy?: boolean
  testId?: string
}

/**
 * The bare on/off switch (role="switch"; Space or Enter toggles it). Name it with
 * aria-label (e.g. in a table row) or aria-labelledby; Switch adds a visible label.
 */
export function SwitchButton({ checked, onChange, busy = false, testId, ...button }: SwitchButtonProps) {
  return (
    <StyledTrack
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      $checked={checked}
      onClick={() => onChange(!checked)}
      data-testid={testId}
      {...button}
    >
      <StyledThumb $checked={checked} aria-hidden="true" />
    </StyledTrack>
  )
}
