import { type FormEvent, useCallback, useState } from 'react'
import { useCanManage } from '../../../components/channel-page/channel-access'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { TextField } from '../../../components/ui/text-field'
import { AddModerationRegularDocument, ModerationPanelDocument, NukeChatDocument, RemoveModerationRegularDocument } from '../graphql/moderation.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { LogSection } from '../components/log-section'
import { SettingsSection, type Settings } from '../components/settings-section'

const StyledStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
`

function Regulars({ channelId, regulars, onChanged }: { channelId: string; regulars: Array<{ login: string; addedBy: string }>; onChanged: () => void }) {
  const { t } = useTranslation('moderation')
  const canManage = useCanManage('moderation')
  const errorText = useErrorText()
  const [login, setLogin] = useState('')
  const [add, added] = useMutation(AddModerationRegularDocument)
  const [remove, removed] = useMutation(RemoveModerationRegularDocument)
  async function submit(e: FormEvent) {
    e.preventDefault()
    try {
      await add({ variables: { channelId, login } })
      setLogin('')
      onChanged()
    } catch {
      // shown below
    }
  }
  return (
    <StyledCard data-testid="moderation-regulars">
      <h2>{t('regulars.title')}</h2>
      <p>{t('regulars.intro')}</p>
      {canManage ? (
        <form onSubmit={(e) => void submit(e)}>
          <TextField
            label={t('regulars.login')}
            value={login}
            maxLength={40}
            onChange={(e) => setLogin(e.target.value)}
            addon={
              <Button type="submit" variant="secondary" disabled={added.loading || !login.trim()}>
                {t('regulars.add')}
              </Button>
            }
            data-testid="moderation-regular-login"
          />
        </form>
      ) : null}
      {added.error || removed.error ? <Alert>{errorText(added.error ?? removed.error)}</Alert> : null}
      {regulars.length === 0 ? <p>{t('regulars.empty')}</p> : null}
      <ul>
        {regulars.map((r) => (
          <li key={r.login} data-testid="moderation-regular">
            {r.login} <small>({r.addedBy})</small>{' '}
            {canManage ? (
              <Button variant="secondary" onClick={() => void remove({ variables: { channelId, login: r.login } }).then(onChanged, () => {})}>
                {t('regulars.remove')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </StyledCard>
  )
}

function Nuke({ channelId, onDone }: { channelId: string; onDone: () => void }) {
  const { t } = useTranslation('moderation')
  const errorText = useErrorText()
  const [phrase, setPhrase] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [nuke, { data, error, loading }] = useMutation(NukeChatDocument)
  async function run() {
    setConfirming(false)
    try {
      await nuke({ variables: { channelId, input: { phrase, lookbackSeconds: 120, timeoutSeconds: 600 } } })
      onDone()
    } catch {
      // shown below
    }
  }
  return (
    <StyledCard data-testid="moderation-nuke">
      <h2>{t('nuke.title')}</h2>
      <p>{t('nuke.intro')}</p>
      <TextField label={t('nuke.phrase')} value={phrase} maxLength={100} onChange={(e) => setPhrase(e.target.value)} data-testid="moderation-nuke-phrase" />
      <Button variant="danger" disabled={loading || phrase.trim().length < 2} onClick={() => setConfirming(true)} data-testid="moderation-nuke-run">
        {t('nuke.run')}
      </Button>
      {error ? <Alert>{errorText(error)}</Alert> : null}
      {data ? <Alert variant="success">{t('nuke.done', { messages: data.nukeChat.messages, viewers: data.nukeChat.viewers })}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        title={t('nuke.confirmTitle')}
        message={t('nuke.confirm', { phrase })}
        confirmLabel={t('nuke.run')}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      />
    </StyledCard>
  )
}

function ChannelModeration({ channelId, platform }: { channelId: string; platform: string }) {
  const { t } = useTranslation('moderation')
  // What a view-only team member is not offered: adding or removing regulars, the nuke, undo.
  const canManage = useCanManage('moderation')
  const { data, loading, error, refetch } = useQuery(ModerationPanelDocument, { variables: { channelId } })
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  if (error && !data) return <ErrorState error={error} onRetry={reload} testId="moderation-error" />
  if (loading && !data) return <LoadingState testId="moderation-loading" />
  const m = data?.channel?.moderation
  if (!m) return null
  return (
    <StyledStack>
      {m.rightsProblem ? (
        <Alert variant="warning" testId="moderation-rights">
          {t(platform === 'twitch' ? 'rights.twitch' : 'rights.kick', { bot: m.botLogin ?? '', answer: m.rightsProblem })}
        </Alert>
      ) : null}
      {m.counts.length ? (
        <StyledCard data-testid="moderation-counts">
          <h2>{t('counts.title')}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('counts.filter')}</th>
                <th scope="col">{t('counts.lastDay')}</th>
                <th scope="col">{t('counts.lastWeek')}</th>
                <th scope="col">{t('counts.kept')}</th>
              </tr>
            </thead>
            <tbody>
              {m.counts.map((c) => (
                <tr key={c.filter}>
                  <th scope="row">{c.filter ? t(`filters.${c.filter as 'links'}`) : '—'}</th>
                  <td>{c.lastDay}</td>
                  <td>{c.lastWeek}</td>
                  <td>{c.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </StyledCard>
      ) : null}
      <SettingsSection channelId={channelId} settings={m.settings as Settings} onSaved={reload} />
      <Regulars channelId={channelId} regulars={m.regulars} onChanged={reload} />
      {canManage ? <Nuke channelId={channelId} onDone={reload} /> : null}
      <LogSection channelId={channelId} canUndo={canManage} />
    </StyledStack>
  )
}

/** /pages/Moderation: auto-moderation filters, regulars, nuke and the moderation log of a channel. */
export default function ModerationPage({ title }: { title: string }) {
  const { t } = useTranslation('moderation')
  return (
    <ChannelPage title={title} intro={() => t('intro')} testId="moderation-page" need="moderation">
      {(channel) => <ChannelModeration key={channel.id} channelId={channel.id} platform={channel.platform} />}
    </ChannelPage>
  )
}
