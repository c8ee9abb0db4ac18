import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { SelectField } from '../../../components/ui/select-field'
import { Switch } from '../../../components/ui/switch'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { UpdateModerationSettingsDocument } from '../graphql/moderation.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'

export const FILTERS = ['links', 'terms', 'caps', 'symbols', 'repetition', 'emotes', 'length', 'zalgo'] as const
type FilterKey = (typeof FILTERS)[number]
interface FilterSettings {
  enabled: boolean
  action: 'delete' | 'timeout' | 'ban'
  timeoutSeconds: number
  warnFirst: boolean
  exempt: string[]
  terms?: string[]
  patterns?: string[]
  allowedDomains?: string[]
}
export interface Settings {
  enabled: boolean
  filters: Record<FilterKey, FilterSettings>
  [k: string]: unknown
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)

/** The module switch, each filter's switch and action, the banned terms and allowed domains; saved whole. */
export function SettingsSection({ channelId, settings, onSaved }: { channelId: string; settings: Settings; onSaved: () => void }) {
  const { t } = useTranslation('moderation')
  const errorText = useErrorText()
  const [draft, setDraft] = useState<Settings>(settings)
  const [terms, setTerms] = useState((settings.filters.terms.terms ?? []).join('\n'))
  const [domains, setDomains] = useState((settings.filters.links.allowedDomains ?? []).join('\n'))
  const [save, { loading, error, data }] = useMutation(UpdateModerationSettingsDocument)
  const setFilter = (k: FilterKey, patch: Partial<FilterSettings>) =>
    setDraft({ ...draft, filters: { ...draft.filters, [k]: { ...draft.filters[k], ...patch } } })

  async function submit() {
    const next = {
      ...draft,
      filters: {
        ...draft.filters,
        terms: { ...draft.filters.terms, terms: lines(terms) },
        links: { ...draft.filters.links, allowedDomains: lines(domains) },
      },
    }
    try {
      await save({ variables: { channelId, settings: JSON.stringify(next) } })
      onSaved()
    } catch {
      // shown below
    }
  }

  return (
    <StyledCard data-testid="moderation-settings">
      <h2>{t('settings.title')}</h2>
      <Switch
        label={t('settings.enabled')}
        description={t('settings.enabledHint')}
        checked={draft.enabled}
        onChange={(on) => setDraft({ ...draft, enabled: on })}
        testId="moderation-enabled"
      />
      {FILTERS.map((k) => (
        <fieldset key={k} data-testid={`moderation-filter-${k}`}>
          <legend>{t(`filters.${k}`)}</legend>
          <Switch
            label={t('settings.filterOn')}
            description={t(`hints.${k}`)}
            checked={draft.filters[k].enabled}
            onChange={(on) => setFilter(k, { enabled: on })}
          />
          <SelectField
            label={t('settings.action')}
            value={draft.filters[k].action}
            onChange={(e) => setFilter(k, { action: e.target.value as FilterSettings['action'] })}
          >
            <option value="delete">{t('actions.delete')}</option>
            <option value="timeout">{t('actions.timeout')}</option>
            <option value="ban">{t('actions.ban')}</option>
          </SelectField>
          <label>
            <input type="checkbox" checked={draft.filters[k].warnFirst} onChange={(e) => setFilter(k, { warnFirst: e.target.checked })} />{' '}
            {t('settings.warnFirst')}
          </label>{' '}
          {(['vip', 'subscriber', 'regular'] as const).map((level) => (
            <label key={level}>
              <input
                type="checkbox"
                checked={draft.filters[k].exempt.includes(level)}
                onChange={(e) =>
                  setFilter(k, { exempt: e.target.checked ? [...draft.filters[k].exempt, level] : draft.filters[k].exempt.filter((x) => x !== level) })
                }
              />{' '}
              {t(`exempt.${level}`)}{' '}
            </label>
          ))}
        </fieldset>
      ))}
      <TextAreaField
        label={t('settings.terms')}
        hint={t('settings.termsHint')}
        value={terms}
        rows={5}
        onChange={(e) => setTerms(e.target.value)}
        data-testid="moderation-terms"
      />
      <TextAreaField
        label={t('settings.domains')}
        hint={t('settings.domainsHint')}
        value={domains}
        rows={3}
        onChange={(e) => setDomains(e.target.value)}
        data-testid="moderation-domains"
      />
      {error ? <Alert>{errorText(error)}</Alert> : null}
      {data && !error ? (
        <Alert variant="success" testId="moderation-saved">
          {t('settings.saved')}
        </Alert>
      ) : null}
      <Button onClick={() => void submit()} disabled={loading} data-testid="moderation-save">
        {t('settings.save')}
      </Button>
    </StyledCard>
  )
}
