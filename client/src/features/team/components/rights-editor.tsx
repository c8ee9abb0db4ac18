import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Dialog } from '../../../components/ui/dialog'
import { DialogFormActions } from '../../../components/ui/dialog-form-actions'
import { SelectField } from '../../../components/ui/select-field'
import type { ChannelGrant, ChannelModule, ModuleRightInput } from '../../../gql/types'

/** The modules a custom group picks a grant for, in the order of the issue (server: channelModules). */
export const TEAM_MODULES: readonly ChannelModule[] = ['commands', 'moderation', 'conversation', 'raids', 'videos', 'followers', 'switches', 'audit']
const GRANTS: readonly ChannelGrant[] = ['none', 'view', 'manage']

export type RightsMap = Record<ChannelModule, ChannelGrant>

/** A map from the server's list (a module it does not name: none). */
export function rightsMap(list: ReadonlyArray<{ module: ChannelModule; grant: ChannelGrant }> = []): RightsMap {
  const out = Object.fromEntries(TEAM_MODULES.map((m) => [m, 'none'])) as RightsMap
  for (const r of list) out[r.module] = r.grant
  return out
}

/** The list the API takes (TeamGroupInput.rights). */
export const rightsInput = (map: RightsMap): ModuleRightInput[] => TEAM_MODULES.map((module) => ({ module, grant: map[module] }))

const StyledGrid = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: ${({ theme }) => theme.space.md} 0 0;
  border: 0;
  width: 100%;

  legend {
    font-weight: 600;
  }
`

/** A custom group: none / view / manage for each module. */
export function RightsEditor({ value, onChange, legend }: { value: RightsMap; onChange: (next: RightsMap) => void; legend: string }) {
  const { t } = useTranslation('team')
  return (
    <StyledGrid data-testid="team-rights">
      <legend>{legend}</legend>
      {TEAM_MODULES.map((m) => (
        <SelectField
          key={m}
          label={t(`modules.${m}`)}
          value={value[m]}
          onChange={(e) => onChange({ ...value, [m]: e.target.value as ChannelGrant })}
          data-testid={`team-right-${m}`}
        >
          {GRANTS.map((g) => (
            <option key={g} value={g}>
              {t(`grants.${g}`)}
            </option>
          ))}
        </SelectField>
      ))}
    </StyledGrid>
  )
}

/** The custom rights of one member, in a dialog: saved together, or left unchanged. */
export function RightsDialog({
  name,
  initial,
  onSave,
  onClose,
  busy,
}: {
  name: string
  initial: RightsMap
  onSave: (map: RightsMap) => void
  onClose: () => void
  busy: boolean
}) {
  const { t } = useTranslation('team')
  const [map, setMap] = useState(initial)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSave(map)
  }
  return (
    <Dialog open title={t('rights.title', { name })} onClose={onClose} busy={busy} testId="team-rights-dialog">
      <form onSubmit={submit} noValidate>
        <RightsEditor value={map} onChange={setMap} legend={t('rights.legend')} />
        <DialogFormActions submitLabel={t('rights.save')} onCancel={onClose} busy={busy} submitTestId="team-rights-save" />
      </form>
    </Dialog>
  )
}
