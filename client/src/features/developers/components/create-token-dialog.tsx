import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { CreateAccessTokenDocument, type DevelopersPageQuery } from '../graphql/access-tokens.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
`

const StyledScopes = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};

  label {
    display: flex;
    gap: ${({ theme }) => theme.space.xs};
    align-items: center;
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`

const StyledSecret = styled.code`
  display: block;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  word-break: break-all;
`

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`

interface Props {
  open: boolean
  onClose: () => void
  onCreated: () => void
  scopes: DevelopersPageQuery['accessTokenScopes']
  channels: DevelopersPageQuery['channels']
  isAdmin: boolean
}

/** Makes a token: name, scopes, optionally one channel, expiry; then shows the secret this once. */
export function CreateTokenDialog({ open, onClose, onCreated, scopes, channels, isAdmin }: Props) {
  const { t } = useTranslation('developers')
  const errorText = useErrorText()
  const [create, { loading }] = useMutation(CreateAccessTokenDocument)
  const [name, setName] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const [channelId, setChannelId] = useState('')
  const [expiry, setExpiry] = useState('90')
  const [error, setError] = useState<unknown>(null)
  const [secret, setSecret] = useState<string | null>(null)

  const close = () => {
    setSecret(null)
    setName('')
    setChosen([])
    setError(null)
    onClose()
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    try {
      const res = await create({
        variables: { input: { name, scopes: chosen, channelId: channelId || null, expiresInDays: expiry === 'none' ? null : Number(expiry) } },
      })
      setSecret(res.data?.createAccessToken.secret ?? null)
      onCreated()
    } catch (err) {
      setError(err)
    }
  }

  return (
    <Dialog open={open} title={t('create.title')} onClose={close} busy={loading} testId="create-token-dialog">
      {secret ? (
        <StyledForm as="div">
          <Alert variant="warning">{t('create.onlyOnce')}</Alert>
          <StyledSecret translate="no" data-testid="token-secret">
            {secret}
          </StyledSecret>
          <StyledActions>
            <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(secret).catch(() => {})}>
              {t('create.copy')}
            </Button>
            <Button onClick={close} data-testid="token-secret-done">
              {t('create.done')}
            </Button>
          </StyledActions>
        </StyledForm>
      ) : (
        <StyledForm onSubmit={(e) => void submit(e)}>
          {error ? <Alert>{errorText(error)}</Alert> : null}
          <TextField
            label={t('create.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            required
            data-autofocus
            data-testid="token-name"
          />
          <StyledScopes>
            <legend>{t('create.scopes')}</legend>
            {scopes
              .filter((s) => isAdmin || !s.adminOnly)
              .map((s) => (
                <label key={s.name}>
                  <input
                    type="checkbox"
                    value={s.name}
                    data-testid={`scope-${s.name}`}
                    checked={chosen.includes(s.name)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, s.name] : c.filter((x) => x !== s.name)))}
                  />
                  <span translate="no">{s.name}</span>
                </label>
              ))}
          </StyledScopes>
          <SelectField label={t('create.channel')} value={channelId} onChange={(e) => setChannelId(e.target.value)} data-testid="token-channel">
            <option value="">{t('create.allChannels')}</option>
            {channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.displayName}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('create.expiry')} value={expiry} onChange={(e) => setExpiry(e.target.value)} data-testid="token-expiry">
            {['30', '90', '365'].map((d) => (
              <option key={d} value={d}>
                {t('create.days', { count: Number(d) })}
              </option>
            ))}
            <option value="none">{t('create.never')}</option>
          </SelectField>
          <StyledActions>
            <Button variant="secondary" onClick={close}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" disabled={loading || !name.trim() || chosen.length === 0} data-testid="token-create-submit">
              {t('create.submit')}
            </Button>
          </StyledActions>
        </StyledForm>
      )}
    </Dialog>
  )
}
