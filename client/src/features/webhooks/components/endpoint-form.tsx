import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { StyledCheckGroup } from '../../../components/ui/check-group'
import { TextField } from '../../../components/ui/text-field'

export interface EndpointDraft {
  url: string
  description: string
  events: string[]
}

/** What is wrong with a URL before the server is asked (it checks again, and resolves the host). */
function urlProblem(url: string): 'url' | 'scheme' | null {
  if (!URL.canParse(url.trim())) return 'url'
  return /^https?:$/.test(new URL(url.trim()).protocol) ? null : 'scheme'
}

/** The endpoint's URL, note and events (the catalogue from the server). */
export function EndpointForm({
  initial,
  eventTypes,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
  serverErrors,
}: {
  initial: EndpointDraft
  eventTypes: readonly { type: string; description: string }[]
  busy: boolean
  submitLabel: string
  onSubmit: (draft: EndpointDraft) => void
  onCancel?: () => void
  serverErrors?: Record<string, string[]>
}) {
  const { t } = useTranslation('webhooks')
  const [draft, setDraft] = useState(initial)
  const [touched, setTouched] = useState(false)
  const problem = urlProblem(draft.url)
  const noEvents = draft.events.length === 0
  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (problem || noEvents) return
    onSubmit({ ...draft, url: draft.url.trim(), description: draft.description.trim() })
  }
  return (
    <form onSubmit={submit} noValidate data-testid="webhook-form">
      <TextField
        label={t('form.url')}
        value={draft.url}
        placeholder="https://example.com/webhooks"
        maxLength={2000}
        onChange={(e) => setDraft({ ...draft, url: e.target.value })}
        errors={touched && problem ? [t(`form.problems.${problem}`)] : serverErrors?.url}
        data-testid="webhook-url"
      />
      <TextField
        label={t('form.description')}
        value={draft.description}
        maxLength={200}
        onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        errors={serverErrors?.description}
        data-testid="webhook-description"
      />
      <StyledCheckGroup $direction="column" data-testid="webhook-events">
        <legend>{t('form.events')}</legend>
        {eventTypes.map((e) => (
          <label key={e.type}>
            <input
              type="checkbox"
              value={e.type}
              checked={draft.events.includes(e.type)}
              onChange={(ev) => setDraft({ ...draft, events: ev.target.checked ? [...draft.events, e.type] : draft.events.filter((x) => x !== e.type) })}
            />
            <code>{e.type}</code> {t(`events.${e.type}`, { defaultValue: e.description })}
          </label>
        ))}
      </StyledCheckGroup>
      {touched && noEvents ? (
        <p role="alert" data-testid="webhook-events-error">
          {t('form.problems.events')}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} data-testid="webhook-save">
        {busy ? t('form.saving') : submitLabel}
      </Button>{' '}
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
      ) : null}
    </form>
  )
}
