import { useTranslation } from 'react-i18next'
import { StyledSelect } from '../../../components/ui/form-control'
import type { MemberGroup } from '../../../gql/types'

/** The groups a member may be given: the three presets, and custom (the owner picks per module). */
export const MEMBER_GROUPS: readonly MemberGroup[] = ['editor', 'moderator', 'viewer', 'custom']

/** A native select of the groups. */
export function GroupSelect({ value, onChange, label, testId }: { value: MemberGroup; onChange: (g: MemberGroup) => void; label: string; testId: string }) {
  const { t } = useTranslation('team')
  return (
    <StyledSelect aria-label={label} value={value} onChange={(e) => onChange(e.target.value as MemberGroup)} data-testid={testId}>
      {MEMBER_GROUPS.map((g) => (
        <option key={g} value={g}>
          {t(`groups.${g}`)}
        </option>
      ))}
    </StyledSelect>
  )
}
