import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { StyledFieldRow } from '../../../components/ui/form-grid'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { type AlertSettingsFieldsFragment, SendTestAlertDocument, UpdateAlertSettingsDocument } from '../graphql/alerts.generated'
import type { AlertSound } from '../../../gql/types'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'

const SOUNDS: readonly AlertSound[] = ['chime', 'coin', 'fanfare']
/** A sample for the preview (the server fills the real values from the platform's event). */
const SAMPLE_COUNT: Record<string, number> = { follow: 1, sub: 1, resub: 12, gift: 5, cheer: 500, kicks: 100, raid: 25 }

const StyledPreview = styled.div`
  margin: ${({ theme }) => theme.space.sm} 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: 8px;
  /* The overlay is transparent: shown over a checkerboard as in streaming software. */
  background: repeating-conic-gradient(#555 0% 25%, #777 0% 50%) 50% / 20px 20px;
  color: #fff;
  font-weight: 600;
  text-align: center;
  text-shadow: 0 2px 4px rgba(0, 0, 0, 0.8);
`

/** The preview of the text: the template with a sample viewer and amount (a ${random a|b} shows its first option). */
export function previewText(template: string, count: number): string {
  return template.replace(/\$\{([^{}]*)\}/g, (whole, inner: string) => {
    const [name = '', ...rest] = inner.trim().split(/\s+/)
    if (name === 'user') return 'TestViewer'
    if (name === 'count') return String(count)
    if (name === 'random') return rest.join(' ').split('|')[0]?.trim() ?? ''
    return whole
  })
}

/** One alert type: chat and overlay switches, template with a live preview, minimum, duration, sound, image; save and test. */
export function AlertTypeForm({ channelId, settings }: { channelId: string; settings: AlertSettingsFieldsFragment }) {
  const { t } = useTranslation('alerts')
  const errorText = useErrorText()
  const [form, setForm] = useState({
    chat: settings.chat,
    overlay: settings.overlay,
    template: settings.template,
    minimum: String(settings.minimum),
    duration: String(settings.durationMs / 1000),
    sound: settings.sound ?? '',
    imageUrl: settings.imageUrl ?? '',
  })
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null)
  const [save, saving] = useMutation(UpdateAlertSettingsDocument)
  const [test, testing] = useMutation(SendTestAlertDocument)
  const set = (k: keyof typeof form, v: string | boolean) => setForm((f) => ({ ...f, [k]: v }))
  const id = `alert-${settings.type}`

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    try {
      await save({
        variables: {
          channelId,
          type: settings.type,
          input: {
            chat: form.chat,
            overlay: form.overlay,
            template: form.template,
            minimum: Number(form.minimum),
            durationMs: Math.round(Number(form.duration) * 1000),
            sound: (form.sound || null) as AlertSound | null,
            imageUrl: form.imageUrl.trim() || null,
          },
        },
      })
      setMessage({ error: false, text: t('saved') })
    } catch (err) {
      setMessage({ error: true, text: errorText(err) })
    }
  }

  async function onTest() {
    try {
      await test({ variables: { channelId, type: settings.type } })
      setMessage({ error: false, text: t('testSent') })
    } catch (err) {
      setMessage({ error: true, text: errorText(err) })
    }
  }

  return (
    <StyledCard as="section" aria-labelledby={id} data-testid={`alert-form-${settings.type}`}>
      <h2 id={id}>{t(`types.${settings.type}`)}</h2>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <StyledFieldRow>
          <label>
            <input type="checkbox" checked={form.chat} onChange={(e) => set('chat', e.target.checked)} data-testid={`${id}-chat`} /> {t('chat')}
          </label>
          <label>
            <input type="checkbox" checked={form.overlay} onChange={(e) => set('overlay', e.target.checked)} data-testid={`${id}-overlay`} /> {t('overlay')}
          </label>
        </StyledFieldRow>
        <TextField
          label={t('template')}
          hint={t('templateHint')}
          value={form.template}
          maxLength={300}
          onChange={(e) => set('template', e.target.value)}
          data-testid={`${id}-template`}
        />
        <StyledPreview aria-label={t('preview')} data-testid={`${id}-preview`} data-user-content>
          {previewText(form.template, SAMPLE_COUNT[settings.type] ?? 1)}
        </StyledPreview>
        <StyledFieldRow>
          <TextField
            label={t('minimum')}
            type="number"
            min={0}
            value={form.minimum}
            onChange={(e) => set('minimum', e.target.value)}
            data-testid={`${id}-minimum`}
          />
          <TextField label={t('duration')} type="number" min={1} max={60} value={form.duration} onChange={(e) => set('duration', e.target.value)} />
          <SelectField label={t('sound')} value={form.sound} onChange={(e) => set('sound', e.target.value)}>
            <option value="">{t('sounds.none')}</option>
            {SOUNDS.map((s) => (
              <option key={s} value={s}>
                {t(`sounds.${s}`)}
              </option>
            ))}
          </SelectField>
          <TextField label={t('image')} placeholder="https://" value={form.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} />
        </StyledFieldRow>
        {message ? (
          <Alert variant={message.error ? 'danger' : 'success'} testId={`${id}-message`}>
            {message.text}
          </Alert>
        ) : null}
        <StyledFieldRow>
          <Button type="submit" disabled={saving.loading} data-testid={`${id}-save`}>
            {t('save')}
          </Button>
          <Button type="button" variant="secondary" disabled={testing.loading} onClick={() => void onTest()} data-testid={`${id}-test`}>
            {t('test')}
          </Button>
        </StyledFieldRow>
      </form>
    </StyledCard>
  )
}
