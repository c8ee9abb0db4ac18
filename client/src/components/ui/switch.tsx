import { useId } from 'react'
import styled from 'styled-components'
import { SwitchButton } from './switch-button'

const StyledSwitchRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => `${theme.space.md} 0`};

  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`

const StyledSwitchText = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`

const StyledSwitchLabel = styled.span`
  color: ${({ theme }) => theme.colors.heading};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`

const StyledSwitchDescription = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

export interface SwitchProps {
  label: string
  description?: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  busy?: boolean
  testId?: string
}

/** An on/off setting: its label (and description) on the left, the switch on the right. */
export function Switch({ label, description, checked, onChange, disabled = false, busy = false, testId }: SwitchProps) {
  const id = useId()
  const labelId = `${id}-label`
  const descriptionId = description ? `${id}-description` : undefined
  return (
    <StyledSwitchRow>
      <StyledSwitchText>
        <StyledSwitchLabel id={labelId}>{label}</StyledSwitchLabel>
        {description ? <StyledSwitchDescription id={descriptionId}>{description}</StyledSwitchDescription> : null}
      </StyledSwitchText>
      <SwitchButton
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        busy={busy}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        testId={testId}
      />
    </StyledSwitchRow>
  )
}
