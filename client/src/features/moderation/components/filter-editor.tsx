import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { SelectField } from '../../../components/ui/select-field'
import { Switch } from '../../../components/ui/switch'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import { ACTIONS, EXEMPT_LEVELS, LISTS, THRESHOLDS, TIMEOUT_RANGE, type FilterKey, type FilterSettings } from '../lib/settings-form'

const StyledFieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};
`

const StyledRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`

export interface FilterEditorProps {
  kind: FilterKey
  value: FilterSettings
  /** The list fields as typed (one entry a line), kept as text so a half-typed line is not lost. */
  listText: Record<string, string>
  onChange: (patch: Partial<FilterSettings>) => void
  onListChange: (name: string, text: string) => void
  /** Messages by field name within this filter (action, percent, terms...). */
  errors: Record<string, string[]>
}

/** Parses a number field: an empty or partial input stays NaN, which the range check names. */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/**
 * One filter: its switch, action (and timeout), first-offence warning, exemptions, and its
 * own thresholds and lists. Native inputs throughout, so it is usable by keyboard alone.
 */
export function FilterEditor({ kind, value, listText, onChange, onListChange, errors }: FilterEditorProps) {
  const { t } = useTranslation('moderation')
  const id = `moderation-filter-${kind}`
  return (
    <StyledFieldset data-testid={id} aria-describedby={`${id}-hint`}>
      <legend>{t(`filters.${kind}`)}</legend>
      <span id={`${id}-hint`}>{t(`hints.${kind}`)}</span>
      <Switch label={t('settings.filterOn')} checked={value.enabled} onChange={(on) => onChange({ enabled: on })} testId={`${id}-on`} />
      <StyledRow>
        <SelectField
          label={t('settings.action')}
          value={value.action}
          errors={errors.action}
          onChange={(e) => onChange({ action: e.target.value as FilterSettings['action'] })}
          data-testid={`${id}-action`}
        >
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`actions.${a}`)}
            </option>
          ))}
        </SelectField>
        {value.action === 'timeout' ? (
          <TextField
            type="number"
            inputMode="numeric"
            label={t('settings.timeoutSeconds')}
            min={TIMEOUT_RANGE.min}
            max={TIMEOUT_RANGE.max}
            value={Number.isNaN(value.timeoutSeconds) ? '' : String(value.timeoutSeconds)}
            errors={errors.timeoutSeconds}
            onChange={(e) => onChange({ timeoutSeconds: num(e.target.value) })}
            data-testid={`${id}-timeoutSeconds`}
          />
        ) : null}
        {Object.entries(THRESHOLDS[kind]).map(([name, r]) => (
          <TextField
            key={name}
            type="number"
            inputMode="numeric"
            label={t(`thresholds.${kind}.${name}` as 'thresholds.caps.percent')}
            hint={t('settings.range', { min: r.min, max: r.max })}
            min={r.min}
            max={r.max}
            value={Number.isNaN(value[name]) ? '' : String(value[name] as number)}
            errors={errors[name]}
            onChange={(e) => onChange({ [name]: num(e.target.value) })}
            data-testid={`${id}-${name}`}
          />
        ))}
      </StyledRow>
      {Object.entries(LISTS[kind]).map(([name, lim]) => (
        <TextAreaField
          key={name}
          label={t(`lists.${name}` as 'lists.terms')}
          hint={t(`lists.${name}Hint` as 'lists.termsHint', { max: lim.max })}
          rows={name === 'terms' ? 5 : 3}
          value={listText[name] ?? ''}
          errors={errors[name]}
          onChange={(e) => onListChange(name, e.target.value)}
          data-testid={`${id}-${name}`}
        />
      ))}
      <label>
        <input type="checkbox" checked={value.warnFirst} onChange={(e) => onChange({ warnFirst: e.target.checked })} /> {t('settings.warnFirst')}
      </label>
      <div role="group" aria-label={t('settings.exempt')}>
        {EXEMPT_LEVELS.map((level) => (
          <label key={level}>
            <input
              type="checkbox"
              checked={value.exempt.includes(level)}
              onChange={(e) => onChange({ exempt: e.target.checked ? [...value.exempt, level] : value.exempt.filter((x) => x !== level) })}
            />{' '}
            {t(`exempt.${level}`)}{' '}
          </label>
        ))}
      </div>
    </StyledFieldset>
  )
}
