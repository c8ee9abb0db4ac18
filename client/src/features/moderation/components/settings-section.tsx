import { useState } from 'react'
import { ManagedFields, useCanManage } from '../../../components/channel-page/channel-access'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { Switch } from '../../../components/ui/switch'
import { TextField } from '../../../components/ui/text-field'
import { UpdateModerationSettingsDocument } from '../graphql/moderation.generated'
import type { ModerationSettingsInput } from '../../../gql/types'
import { useMutation } from '@apollo/client/react'
import { fieldErrorsOf, needsGeneralMessage } from '../../../lib/error-code'
import { useErrorText } from '../../../lib/use-error-text'
import { FILTERS, GENERAL, LISTS, WARN_VARIABLES, lines, listFieldOf, problemsOf, type FilterKey, type Problem, type Settings } from '../lib/settings-form'
import { FilterEditor } from './filter-editor'

export type { Settings } from '../lib/settings-form'

type ListText = Record<FilterKey, Record<string, string>>

const listTextOf = (s: Settings): ListText =>
  Object.fromEntries(
    FILTERS.map((k) => [k, Object.fromEntries(Object.keys(LISTS[k]).map((name) => [name, ((s.filters[k][name] as string[] | undefined) ?? []).join('\n')]))]),
  ) as ListText

/** The draft with the list fields taken from their text. */
function withLists(draft: Settings, text: ListText): Settings {
  const filters = { ...draft.filters }
  for (const k of FILTERS) {
    const patch = Object.fromEntries(Object.keys(LISTS[k]).map((name) => [name, lines(text[k][name] ?? '')]))
    filters[k] = { ...filters[k], ...patch }
  }
  return { ...draft, filters }
}

/** Filter's own messages (name → messages) out of messages by the server's paths. */
function filterErrors(all: Record<string, string[]>, k: FilterKey): Record<string, string[]> {
  const prefix = `filters.${k}.`
  const out: Record<string, string[]> = {}
  for (const [path, messages] of Object.entries(all)) if (path.startsWith(prefix)) (out[path.slice(prefix.length)] ??= []).push(...messages)
  return out
}

/**
 * The module switch, the warning (template, cooldown, escalation window) and one editor per
 * filter; checked here first (translated messages beside each field), then saved whole.
 */
export function SettingsSection({ channelId, settings, onSaved }: { channelId: string; settings: Settings; onSaved: () => void }) {
  const { t } = useTranslation('moderation')
  const errorText = useErrorText()
  const [draft, setDraft] = useState<Settings>(settings)
  const [listText, setListText] = useState<ListText>(() => listTextOf(settings))
  const [checked, setChecked] = useState<Record<string, string[]>>({})
  const [save, { loading, error, data, reset }] = useMutation(UpdateModerationSettingsDocument)
  // A team member who only views moderation reads the settings; nothing is editable or offered to save.
  const canManage = useCanManage('moderation')
  const setFilter = (k: FilterKey, patch: Partial<Settings['filters'][FilterKey]>) =>
    setDraft((d) => ({ ...d, filters: { ...d.filters, [k]: { ...d.filters[k], ...patch } } }))

  const say = (p: Problem) =>
    p.key === 'range'
      ? t('problems.range', { min: p.min, max: p.max })
      : p.key === 'tooMany'
        ? t('problems.tooMany', { max: p.max })
        : p.key === 'tooLong'
          ? t('problems.tooLong', { max: p.max })
          : t('problems.unknownVariable', { name: `\${${p.name}}`, known: WARN_VARIABLES.join(' ') })

  // The server's refusals, with an entry of a list (filters.terms.patterns.2) shown at its list.
  const serverErrors: Record<string, string[]> = {}
  for (const [path, messages] of Object.entries(error ? fieldErrorsOf(error) : {})) (serverErrors[listFieldOf(path)] ??= []).push(...messages)
  const errors = Object.keys(checked).length ? checked : serverErrors

  async function submit() {
    const next = withLists(draft, listText)
    const problems = problemsOf(next)
    setChecked(Object.fromEntries(Object.entries(problems).map(([path, p]) => [path, [say(p)]])))
    if (Object.keys(problems).length) {
      reset()
      return
    }
    try {
      await save({ variables: { channelId, input: next as unknown as ModerationSettingsInput } })
      onSaved()
    } catch {
      // shown beside the fields, or above the button
    }
  }

  const general = (name: keyof typeof GENERAL) => (
    <TextField
      type="number"
      inputMode="numeric"
      label={t(`settings.${name}`)}
      hint={t('settings.range', { min: GENERAL[name].min, max: GENERAL[name].max })}
      min={GENERAL[name].min}
      max={GENERAL[name].max}
      value={Number.isNaN(draft[name]) ? '' : String(draft[name])}
      errors={errors[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value.trim() === '' ? Number.NaN : Number(e.target.value) })}
      data-testid={`moderation-${name}`}
    />
  )

  const invalid = Object.keys(checked).length > 0
  return (
    <StyledCard data-testid="moderation-settings">
      <h2>{t('settings.title')}</h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <ManagedFields module="moderation" testId="moderation-settings-fields">
          <Switch
            label={t('settings.enabled')}
            description={t('settings.enabledHint')}
            checked={draft.enabled}
            onChange={(on) => setDraft({ ...draft, enabled: on })}
            testId="moderation-enabled"
          />
          <TextField
            label={t('settings.warnTemplate')}
            hint={t('settings.warnTemplateHint', { variables: WARN_VARIABLES.join(' ') })}
            value={draft.warnTemplate}
            maxLength={400}
            errors={errors.warnTemplate}
            onChange={(e) => setDraft({ ...draft, warnTemplate: e.target.value })}
            data-testid="moderation-warnTemplate"
          />
          {general('warnCooldownSeconds')}
          {general('escalationSeconds')}
          {FILTERS.map((k) => (
            <FilterEditor
              key={k}
              kind={k}
              value={draft.filters[k]}
              listText={listText[k]}
              errors={filterErrors(errors, k)}
              onChange={(patch) => setFilter(k, patch)}
              onListChange={(name, text) => setListText((lt) => ({ ...lt, [k]: { ...lt[k], [name]: text } }))}
            />
          ))}
          {invalid ? <Alert testId="moderation-invalid">{t('settings.invalid')}</Alert> : null}
          {error && needsGeneralMessage(error, Object.keys(serverErrors)) ? <Alert>{errorText(error)}</Alert> : null}
          {error && !needsGeneralMessage(error, Object.keys(serverErrors)) ? <Alert testId="moderation-invalid">{t('settings.invalid')}</Alert> : null}
          {data && !error && !invalid ? (
            <Alert variant="success" testId="moderation-saved">
              {t('settings.saved')}
            </Alert>
          ) : null}
        </ManagedFields>
        {canManage ? (
          <Button type="submit" disabled={loading} data-testid="moderation-save">
            {t('settings.save')}
          </Button>
        ) : null}
      </form>
    </StyledCard>
  )
}
