import { useTranslation } from 'react-i18next'
import { StyledSelect } from '../../../components/ui/form-control'
import type { MemberGroup } from '../../../gql/types'

/** The presets a member may be given on the page (a custom group is set through the API for now). */
export const PRESET_GROUPS: readonly MemberGroup[] = ['editor', 'moderator', 'viewer']

/** A native select of the presets; `custom` is shown when the member has it. */
export function GroupSelect({ value, onChange, label, testId }: { value: MemberGroup; onChange: (g: MemberGroup) => void; label: string; testId: string }) {
  const { t } = useTranslation('team')
  const groups = PRESET_GROUPS.includes(value) ? PRESET_GROUPS : [...PRESET_GROUPS, value]
  return (
    <StyledSelect aria-label={label} value={value} onChange={(e) => onChange(e.target.value as MemberGroup)} data-testid={testId}>
      {groups.map((g) => (
        <option key={g} value={g}>
          {t(`groups.${g}`)}
        </option>
      ))}
    </StyledSelect>
  )
}
