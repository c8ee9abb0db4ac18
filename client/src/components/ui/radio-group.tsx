import { useId } from 'react'
import { StyledCheckGroup } from './check-group'

export interface RadioOption<V extends string> {
  value: V
  label: string
  testId?: string
}

export interface RadioGroupProps<V extends string> {
  /** What the choice is about: the group's name for a screen reader, shown above it. */
  legend: string
  options: readonly RadioOption<V>[]
  value: V
  onChange: (value: V) => void
  /** The radios' shared name (a form's field); unique per group when not given. */
  name?: string
  $direction?: 'row' | 'column'
  testId?: string
}

/**
 * One choice among a few, each option visible: a fieldset named by its legend, holding native
 * radios (the browser's own keyboard handling: Tab enters the group at the checked option, the
 * arrow keys move and choose), each inside its label.
 */
export function RadioGroup<V extends string>({ legend, options, value, onChange, name, $direction, testId }: RadioGroupProps<V>) {
  const generated = `radio-${useId()}`
  return (
    <StyledCheckGroup role="radiogroup" $direction={$direction} data-testid={testId}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={name ?? generated}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            data-testid={option.testId}
          />
          {option.label}
        </label>
      ))}
    </StyledCheckGroup>
  )
}
