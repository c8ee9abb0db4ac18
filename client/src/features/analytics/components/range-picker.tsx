import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { StyledSelect } from '../../../components/ui/form-control'
import { StyledInlinePicker } from '../../../components/ui/inline-picker'
import { RANGE_DAYS, type RangeDays } from '../../../components/charts/range'

/** The period a dashboard shows (a native select: keyboard accessible). */
export function RangePicker({ value, onChange }: { value: RangeDays; onChange: (days: RangeDays) => void }) {
  const { t } = useTranslation('analytics')
  const id = useId()
  return (
    <StyledInlinePicker>
      <label htmlFor={id}>{t('range.label')}</label>
      <StyledSelect id={id} value={value} data-testid="range-picker" onChange={(e) => onChange(Number(e.target.value) as RangeDays)}>
        {RANGE_DAYS.map((d) => (
          <option key={d} value={d}>
            {t('range.days', { count: d })}
          </option>
        ))}
      </StyledSelect>
    </StyledInlinePicker>
  )
}
