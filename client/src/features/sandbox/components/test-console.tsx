import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { StyledFieldRow } from '../../../components/ui/form-grid'
import { StyledHeaderRow } from '../../../components/ui/header-row'
import { StyledCard } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { TextField } from '../../../components/ui/text-field'
import type { SandboxBadge } from '../../../gql/types'
import {
  SandboxChatDocument,
  SandboxClipDocument,
  SandboxFollowDocument,
  SandboxRaidDocument,
  SandboxRemoveChannelDocument,
  SandboxStreamDocument,
} from '../graphql/sandbox.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { SupportControls } from './support-controls'

const BADGES: readonly SandboxBadge[] = ['subscriber', 'vip', 'moderator']
/** The server's rules (server/src/modules/sandbox): names of 3–25 letters, digits or _. */
const NAME = /^[A-Za-z0-9_]{3,25}$/

const StyledConsole = styled(StyledCard)`
  margin-top: ${({ theme }) => theme.space.lg};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  h3 {
    margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

const StyledBadges = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  border: 0;
  padding: 0;
  margin: ${({ theme }) => `${theme.space.xs} 0 ${theme.space.md}`};

  label {
    white-space: nowrap;
  }

  legend {
    color: ${({ theme }) => theme.colors.heading};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`

const StyledFeedback = styled.p<{ $error: boolean }>`
  margin-top: ${({ theme }) => theme.space.sm} !important;
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.success)} !important;
`

type Feedback = { error: boolean; text: string } | null

/**
 * The chatboard's test console for a sandbox channel: write as a named test viewer with
 * badges, and trigger the stream's events (online/offline with a category, follow, incoming
 * raid, clip). Everything happens in the server's simulated platform; the bot reacts as it
 * would on Twitch. Also removes the sandbox channel (after a confirmation).
 */
export function TestConsole({ channelId }: { channelId: string }) {
  const { t } = useTranslation('sandbox')
  const errorText = useErrorText()
  const navigate = useNavigate()
  const [viewer, setViewer] = useState('TestViewer')
  const [badges, setBadges] = useState<SandboxBadge[]>([])
  const [text, setText] = useState('!hello')
  const [category, setCategory] = useState('Just Chatting')
  const [raider, setRaider] = useState('FriendlyStreamer')
  const [viewers, setViewers] = useState('25')
  const [clipTitle, setClipTitle] = useState('')
  const [feedback, setFeedback] = useState<Feedback>(null)
  const [confirming, setConfirming] = useState(false)
  const [chat, chatState] = useMutation(SandboxChatDocument)
  const [stream, streamState] = useMutation(SandboxStreamDocument)
  const [follow, followState] = useMutation(SandboxFollowDocument)
  const [raid, raidState] = useMutation(SandboxRaidDocument)
  const [clip, clipState] = useMutation(SandboxClipDocument)
  const [remove, removeState] = useMutation(SandboxRemoveChannelDocument, { refetchQueries: ['AssistantChannels'], awaitRefetchQueries: true })
  const busy = chatState.loading || streamState.loading || followState.loading || raidState.loading || clipState.loading
  const viewerValid = NAME.test(viewer.trim())

  /** Runs one control and says what happened (or the server's coded refusal). */
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action()
      setFeedback({ error: false, text: done })
      return true
    } catch (error) {
      setFeedback({ error: true, text: errorText(error) })
      return false
    }
  }

  async function handleChat(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!viewerValid) return setFeedback({ error: true, text: t('invalidName') })
    if (!text.trim()) return setFeedback({ error: true, text: t('emptyMessage') })
    const sent = await run(() => chat({ variables: { channelId, viewer: viewer.trim(), badges, text: text.trim() } }), t('chatSent', { viewer }))
    if (sent) setText('')
  }

  const toggleBadge = (badge: SandboxBadge, on: boolean) => setBadges((list) => (on ? [...list, badge] : list.filter((b) => b !== badge)))

  return (
    <StyledConsole as="section" aria-labelledby={`sandbox-console-${channelId}`} data-testid="sandbox-console">
      <h2 id={`sandbox-console-${channelId}`}>{t('console.title')}</h2>
      <p>{t('console.intro')}</p>

      <form noValidate onSubmit={(event) => void handleChat(event)} data-testid="sandbox-chat-form">
        <h3>{t('console.chatTitle')}</h3>
        <StyledFieldRow>
          <TextField
            label={t('viewer')}
            value={viewer}
            maxLength={25}
            onChange={(e) => setViewer(e.target.value)}
            errors={viewerValid ? undefined : [t('invalidName')]}
            data-testid="sandbox-viewer"
          />
          <TextField
            label={t('message')}
            value={text}
            maxLength={500}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            data-testid="sandbox-message"
          />
          <Button type="submit" disabled={busy} aria-busy={chatState.loading} data-testid="sandbox-send">
            {t('send')}
          </Button>
        </StyledFieldRow>
        <StyledBadges>
          <legend>{t('badges.label')}</legend>
          {BADGES.map((badge) => (
            <label key={badge}>
              <input
                type="checkbox"
                checked={badges.includes(badge)}
                onChange={(e) => toggleBadge(badge, e.target.checked)}
                data-testid={`sandbox-badge-${badge}`}
              />{' '}
              {t(`badges.${badge}`)}
            </label>
          ))}
        </StyledBadges>
      </form>

      <h3>{t('console.eventsTitle')}</h3>
      <StyledFieldRow>
        <TextField label={t('category')} value={category} maxLength={100} onChange={(e) => setCategory(e.target.value)} data-testid="sandbox-category" />
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void run(() => stream({ variables: { channelId, online: true, category: category.trim() || null } }), t('wentLive', { category }))}
          data-testid="sandbox-online"
        >
          {t('goLive')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void run(() => stream({ variables: { channelId, online: false } }), t('wentOffline'))}
          data-testid="sandbox-offline"
        >
          {t('goOffline')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy || !viewerValid}
          onClick={() => void run(() => follow({ variables: { channelId, viewer: viewer.trim() } }), t('followed', { viewer }))}
          data-testid="sandbox-follow"
        >
          {t('follow', { viewer })}
        </Button>
      </StyledFieldRow>
      <StyledFieldRow>
        <TextField label={t('raider')} value={raider} maxLength={25} onChange={(e) => setRaider(e.target.value)} data-testid="sandbox-raider" />
        <TextField
          label={t('raidViewers')}
          type="number"
          min={1}
          max={100000}
          value={viewers}
          onChange={(e) => setViewers(e.target.value)}
          data-testid="sandbox-raid-viewers"
        />
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void run(
              () => raid({ variables: { channelId, fromChannel: raider.trim(), viewers: Number(viewers) } }),
              t('raided', { raider, count: Number(viewers) }),
            )
          }
          data-testid="sandbox-raid"
        >
          {t('raid')}
        </Button>
      </StyledFieldRow>
      <SupportControls channelId={channelId} viewer={viewer} viewerValid={viewerValid} disabled={busy} run={run} />
      <StyledFieldRow>
        <TextField label={t('clipTitle')} value={clipTitle} maxLength={100} onChange={(e) => setClipTitle(e.target.value)} data-testid="sandbox-clip-title" />
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void run(() => clip({ variables: { channelId, title: clipTitle.trim() } }), t('clipped', { title: clipTitle }))}
          data-testid="sandbox-clip"
        >
          {t('clip')}
        </Button>
      </StyledFieldRow>

      {feedback ? (
        <StyledFeedback $error={feedback.error} role="status" data-testid="sandbox-feedback">
          {feedback.text}
        </StyledFeedback>
      ) : null}

      <h3>{t('console.removeTitle')}</h3>
      <StyledHeaderRow>
        <p>{t('console.removeText')}</p>
        <Button variant="danger" onClick={() => setConfirming(true)} data-testid="sandbox-remove">
          {t('remove')}
        </Button>
      </StyledHeaderRow>
      <ConfirmDialog
        open={confirming}
        title={t('removeConfirmTitle')}
        message={t('removeConfirmText')}
        confirmLabel={t('remove')}
        busy={removeState.loading}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void run(() => remove({ variables: { channelId } }), t('removed')).then((ok) => {
            setConfirming(false)
            if (ok) navigate('/pages/Panel')
          })
        }
        testId="sandbox-remove-dialog"
        confirmTestId="sandbox-remove-confirm"
      />
    </StyledConsole>
  )
}
