import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { TextField } from '../../../components/ui/text-field'
import { EARLIEST_DAY, type DayRange, rangeProblem } from '../lib/range'

const StyledRange = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
`

/** From / to date fields (native date inputs: keyboard accessible); the range's problem shows under "to". */
export function DateRangeFields({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation('videos')
  const problem = rangeProblem(value)
  return (
    <StyledRange data-testid="date-range">
      <TextField
        label={t('range.from')}
        type="date"
        min={EARLIEST_DAY}
        value={value.from}
        onChange={(event) => onChange({ ...value, from: event.target.value })}
        data-testid="range-from"
      />
      <TextField
        label={t('range.to')}
        type="date"
        min={EARLIEST_DAY}
        value={value.to}
        onChange={(event) => onChange({ ...value, to: event.target.value })}
        errors={problem ? [t(`range.problems.${problem}`)] : undefined}
        data-testid="range-to"
      />
    </StyledRange>
  )
}
