import styled from 'styled-components'

/** A fieldset of checkboxes (or radios) with its legend: each label holds its input and text side by side. */
export const StyledCheckGroup = styled.fieldset<{ $direction?: 'row' | 'column' }>`
  display: flex;
  flex-direction: ${({ $direction = 'row' }) => $direction};
  flex-wrap: wrap;
  gap: ${({ theme, $direction = 'row' }) => ($direction === 'row' ? theme.space.md : theme.space.xs)};
  border: 0;
  margin: 0;
  padding: 0;
  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`
