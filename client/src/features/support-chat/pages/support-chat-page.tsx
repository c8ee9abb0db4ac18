import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import {
  MarkSupportChatReadDocument,
  SendSupportChatMessageDocument,
  type SupportChatContactFieldsFragment,
  SupportChatEventsDocument,
  SupportChatOverviewDocument,
  SupportChatThreadDocument,
  UpdateSupportChatProfileDocument,
} from '../graphql/support-chat.generated'
import type { SupportChatStatus } from '../../../gql/types'
import { useMutation, useQuery, useSubscription } from '@apollo/client/react'
import { Avatar } from '../../../components/avatar'
import { PresenceDot } from '../components/presence'

const STATUSES: SupportChatStatus[] = ['online', 'busy', 'away', 'offline']

const StyledLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: 1fr;
  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: 18rem 1fr 16rem;
  }
`

const StyledList = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
`

const StyledContactButton = styled.button<{ $active: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  padding: ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  color: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  &:focus-visible {
    outline: ${({ theme }) => theme.sizes.focusRing} solid ${({ theme }) => theme.colors.focus};
  }
`

const StyledGrow = styled.span`
  flex: 1;
  min-width: 0;
  display: grid;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`

const StyledBadge = styled.span`
  min-width: 1.25rem;
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-align: center;
`

const StyledHeading = styled.h3`
  margin: ${({ theme }) => theme.space.sm} 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  text-transform: uppercase;
`

const StyledThread = styled.ol`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  max-height: 28rem;
  overflow-y: auto;
`

const StyledBubble = styled.li<{ $mine: boolean }>`
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  max-width: 80%;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $mine }) => ($mine ? theme.colors.primary : theme.colors.surfaceRaised)};
  color: ${({ theme, $mine }) => ($mine ? theme.colors.onPrimary : theme.colors.text)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  time {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    opacity: 0.8;
  }
`

const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

const RESUBSCRIBE_MS = 3000

/** /apps/chat: the support chat with the users in your scope, live through a subscription. */
export default function SupportChatPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('support-chat')
  const [q, setQ] = useState('')
  const [activeId, setActiveId] = useState<string | null>(null)
  const [live, setLive] = useState(true)
  const overview = useQuery(SupportChatOverviewDocument, { variables: { q: q.trim() || null }, fetchPolicy: 'cache-and-network' })
  const thread = useQuery(SupportChatThreadDocument, { variables: { contactId: activeId ?? '' }, skip: !activeId, fetchPolicy: 'cache-and-network' })
  const [markRead] = useMutation(MarkSupportChatReadDocument)
  const activeRef = useRef<string | null>(null)
  useEffect(() => {
    activeRef.current = activeId
  }, [activeId])
  const { refetch: refetchOverview } = overview
  const { refetch: refetchThread } = thread

  const openChat = (id: string) => {
    setActiveId(id)
    void markRead({ variables: { contactId: id } }).then(
      () => refetchOverview(),
      () => {},
    )
  }

  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const subscription = useSubscription(SupportChatEventsDocument, {
    ignoreResults: true,
    context: { onSseOpen: () => setLive(true) },
    onData: ({ data }) => {
      const event = data.data?.supportChatEvents
      if (!event) return
      if (event.kind === 'message' && event.contactId === activeRef.current) {
        void refetchThread().catch(() => {})
        void markRead({ variables: { contactId: event.contactId } }).then(
          () => refetchOverview(),
          () => {},
        )
      } else void refetchOverview().catch(() => {})
    },
    onError: () => scheduleRestart(),
    onComplete: () => scheduleRestart(),
  })
  const restart = useRef(subscription.restart)
  useEffect(() => {
    restart.current = subscription.restart
  }, [subscription.restart])
  function scheduleRestart() {
    setLive(false)
    if (retryTimer.current) return
    retryTimer.current = setTimeout(() => {
      retryTimer.current = null
      restart.current()
      void refetchOverview().catch(() => {})
    }, RESUBSCRIBE_MS)
  }
  useEffect(
    () => () => {
      if (retryTimer.current) clearTimeout(retryTimer.current)
    },
    [],
  )

  const data = overview.data ?? overview.previousData
  const me = data?.supportChatProfile
  const chatIds = new Set(data?.supportChats.map((c) => c.contact.id))
  const otherContacts = data?.supportChatContacts.filter((c) => !chatIds.has(c.id)) ?? []
  const needle = q.trim().toLowerCase()
  const chats = data?.supportChats.filter((c) => !needle || c.contact.fullName.toLowerCase().includes(needle)) ?? []
  const active = thread.data?.supportChat ?? null
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))

  const contactButton = (c: SupportChatContactFieldsFragment, unseen = 0, last?: string) => (
    <li key={c.id}>
      <StyledContactButton
        type="button"
        $active={c.id === activeId}
        onClick={() => openChat(c.id)}
        aria-current={c.id === activeId ? 'true' : undefined}
        data-testid={`chat-contact-${c.id}`}
      >
        <Avatar name={c.fullName} src={c.avatar} />
        <StyledGrow>
          <span>
            {c.fullName} <PresenceDot status={c.status} label={t(`statuses.${c.status}`)} />
          </span>
          <small>{(last ?? c.about) ? <span data-user-content>{last ?? c.about}</span> : t(`roles.${c.role as 'admin'}`, { defaultValue: c.role })}</small>
        </StyledGrow>
        {unseen > 0 ? (
          <StyledBadge aria-label={t('unseen', { count: unseen })} data-testid="unseen-badge">
            {unseen}
          </StyledBadge>
        ) : null}
      </StyledContactButton>
    </li>
  )

  return (
    <StyledStack data-testid="support-chat">
      <PageHeader
        title={title}
        subtitle={
          <>
            {t('intro')} {live ? null : <StyledMuted as="span">{t('reconnecting')}</StyledMuted>}
          </>
        }
      />
      {overview.error && !data ? (
        <ErrorState error={overview.error} onRetry={() => void refetchOverview()} />
      ) : !data || !me ? (
        <LoadingState />
      ) : (
        <StyledLayout>
          <Panel title={t('chats')}>
            <TextField label={t('search')} type="search" value={q} onChange={(e) => setQ(e.target.value)} name="chat-search" />
            <StyledHeading>{t('chats')}</StyledHeading>
            {chats.length === 0 ? (
              <StyledMuted>{t('noChats')}</StyledMuted>
            ) : (
              <StyledList>{chats.map((c) => contactButton(c.contact, c.unseenMsgs, c.lastMessage?.message))}</StyledList>
            )}
            <StyledHeading>{t('contacts')}</StyledHeading>
            {otherContacts.length === 0 ? <StyledMuted>{t('noContacts')}</StyledMuted> : <StyledList>{otherContacts.map((c) => contactButton(c))}</StyledList>}
          </Panel>
          <Panel title={active ? active.contact.fullName : t('chats')} testId="chat-thread">
            {!activeId ? (
              <EmptyState>{t('pick')}</EmptyState>
            ) : thread.error && !active ? (
              <ErrorState error={thread.error} onRetry={() => void refetchThread()} />
            ) : !active ? (
              <LoadingState />
            ) : (
              <>
                <StyledMuted>
                  <PresenceDot status={active.contact.status} label={t(`statuses.${active.contact.status}`)} /> {t(`statuses.${active.contact.status}`)}
                  {active.contact.about ? (
                    <>
                      {' '}
                      · <span data-user-content>{active.contact.about}</span>
                    </>
                  ) : (
                    ''
                  )}
                </StyledMuted>
                {active.chat && active.chat.messages.length > 0 ? (
                  <StyledThread aria-live="polite" data-testid="chat-messages">
                    {active.chat.messages.map((m, i) => (
                      <StyledBubble key={`${m.time}-${i}`} $mine={m.senderId === me.id}>
                        <span className="visually-hidden">{m.senderId === me.id ? t('you') : active.contact.fullName}: </span>
                        <span data-user-content>{m.message}</span>
                        <time dateTime={m.time}>{when(m.time)}</time>
                      </StyledBubble>
                    ))}
                  </StyledThread>
                ) : (
                  <EmptyState>{t('noMessages')}</EmptyState>
                )}
                <Composer
                  contactId={active.contact.id}
                  senderId={me.id}
                  onSent={() => void Promise.all([refetchThread(), refetchOverview()]).catch(() => {})}
                />
              </>
            )}
          </Panel>
          <ProfileSidebar profile={me} onSaved={() => void refetchOverview()} />
        </StyledLayout>
      )}
    </StyledStack>
  )
}

function Composer({ contactId, senderId, onSent }: { contactId: string; senderId: string; onSent: () => void }) {
  const { t } = useTranslation('support-chat')
  const toast = useToast()
  const [text, setText] = useState('')
  const [send, { loading }] = useMutation(SendSupportChatMessageDocument)
  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    const message = text.trim()
    if (!message || loading) return
    try {
      await send({ variables: { contactId, message, senderId } })
      setText('')
      onSent()
    } catch (error) {
      toast.show({ title: t('sendFailed'), message: error instanceof Error ? error.message : undefined, variant: 'danger' })
    }
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      void submit()
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="chat-composer">
      <TextAreaField
        label={t('composer')}
        hint={t('composerHint')}
        name="message"
        rows={2}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" disabled={loading || !text.trim()} aria-busy={loading}>
        {t('send')}
      </Button>
    </form>
  )
}

function ProfileSidebar({
  profile,
  onSaved,
}: {
  profile: {
    id: string
    fullName: string
    avatar?: string | null
    about: string
    status: SupportChatStatus
    settings: { isTwoStepAuthVerificationEnabled: boolean; isNotificationsOn: boolean }
  }
  onSaved: () => void
}) {
  const { t } = useTranslation('support-chat')
  const toast = useToast()
  const [about, setAbout] = useState(profile.about)
  const [update, { loading }] = useMutation(UpdateSupportChatProfileDocument)
  const save = async (input: Parameters<typeof update>[0] extends infer O ? (O extends { variables?: { input: infer I } } ? I : never) : never) => {
    try {
      await update({ variables: { input } })
      toast.show({ title: t('saved'), variant: 'success' })
      onSaved()
    } catch (error) {
      toast.show({ title: error instanceof Error ? error.message : String(error), variant: 'danger' })
    }
  }
  return (
    <Panel title={t('profile')} testId="chat-profile">
      <StyledStack>
        <span>
          <Avatar name={profile.fullName} src={profile.avatar} /> {profile.fullName}
        </span>
        <SelectField
          label={t('status')}
          name="chat-status"
          value={profile.status}
          disabled={loading}
          onChange={(e) => void save({ status: e.target.value as SupportChatStatus })}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </SelectField>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void save({ about })
          }}
        >
          <TextAreaField label={t('about')} name="about" rows={3} maxLength={500} value={about} onChange={(e) => setAbout(e.target.value)} />
          <Button type="submit" variant="secondary" disabled={loading}>
            {t('save')}
          </Button>
        </form>
      </StyledStack>
    </Panel>
  )
}
