import { useId, useState } from 'react'
import styled from 'styled-components'
import { StyledCheckGroup } from './check-group'
import { TextField } from './text-field'

export interface MultiSelectOption {
  value: string
  label: string
}

export interface MultiSelectProps {
  /** What is chosen: the group's legend and its name for a screen reader. */
  label: string
  /** The checkboxes' name (a form's field). */
  name: string
  /** The options found (for the search's text); the chosen ones are listed whether found or not. */
  options: readonly MultiSelectOption[]
  value: readonly string[]
  onChange: (values: string[]) => void
  /** The search field above the list (the caller finds the options, e.g. on the server). */
  search: { label: string; placeholder?: string; value: string; onChange: (text: string) => void }
  /** The label of a chosen value that is not among `options` (e.g. a stored draft's address). */
  labelOf?: (value: string) => string
  /** Said in the list when nothing is chosen and nothing matches the search. */
  empty: string
  testId?: string
}

/** The list, themed as every text field (the native <select multiple> was white in the dark skin). */
const StyledOptions = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs};
  max-height: 11rem;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.inputBg};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.body};

  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  label:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`

const StyledEmpty = styled.li`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  color: ${({ theme }) => theme.colors.textMuted};
`

/**
 * A choice of several among many, found by a search: a fieldset named by its legend, with the
 * search field and a list of native checkboxes (Tab moves through them, Space ticks one); the
 * chosen ones the search does not find come first, so what is picked stays in sight.
 */
export function MultiSelect({ label, name, options, value, onChange, search, labelOf = (v) => v, empty, testId }: MultiSelectProps) {
  const searchId = `multi-${useId()}`
  // The label each option was ticked with: a chosen option keeps its name while the search lists others.
  const [names, setNames] = useState<Readonly<Record<string, string>>>({})
  // The options in their order (none moves under the focus when ticked), after the chosen ones the search does not find.
  const found = new Set(options.map((o) => o.value))
  const listed = [...value.filter((v) => !found.has(v)).map((v) => ({ value: v, label: names[v] ?? labelOf(v) })), ...options]
  const toggle = ({ value: v, label: name }: MultiSelectOption, on: boolean) => {
    if (on) setNames((known) => ({ ...known, [v]: name }))
    onChange(on ? [...value, v] : value.filter((x) => x !== v))
  }
  return (
    <StyledCheckGroup $direction="column" data-testid={testId}>
      <legend>{label}</legend>
      <TextField
        id={searchId}
        type="search"
        label={search.label}
        placeholder={search.placeholder}
        value={search.value}
        onChange={(e) => search.onChange(e.target.value)}
        autoComplete="off"
      />
      <StyledOptions data-testid={testId ? `${testId}-options` : undefined}>
        {listed.length === 0 ? <StyledEmpty>{empty}</StyledEmpty> : null}
        {listed.map((option) => (
          <li key={option.value}>
            <label>
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={value.includes(option.value)}
                onChange={(e) => toggle(option, e.target.checked)}
              />
              {option.label}
            </label>
          </li>
        ))}
      </StyledOptions>
    </StyledCheckGroup>
  )
}
