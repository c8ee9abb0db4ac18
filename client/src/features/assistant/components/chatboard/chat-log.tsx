import { type KeyboardEvent, useCallback, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import type { AssistantChatMessageFragment } from '../../graphql/chat.generated'
import { isNearBottom } from '../../lib/chat-log'
import { formatTime } from '../../../../components/channel-page/format'
import { StyledBadge } from '../status-badge'

export type ModerationKind = 'delete' | 'timeout' | 'ban'

/** A line's moderation buttons, in order; the bot's and the broadcaster's lines get only delete. */
const MODERATE_ACTIONS: readonly ModerationKind[] = ['delete', 'timeout', 'ban']

const StyledLogWrap = styled.div`
  position: relative;
`

const StyledLog = styled.div`
  height: min(60vh, calc(${({ theme }) => theme.sizes.authCardWidth} * 1.5));
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.body};
  overscroll-behavior: contain;
`

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs} 0;
`

/** Shown over the line's end on hover or keyboard focus; on touch screens below the line. */
const StyledActions = styled.span`
  position: absolute;
  top: ${({ theme }) => theme.space.xxs};
  right: ${({ theme }) => theme.space.sm};
  display: inline-flex;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xxs};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  opacity: 0;
  pointer-events: none;

  @media (hover: none) {
    position: static;
    flex-basis: 100%;
    justify-content: flex-end;
    padding: 0;
    background: transparent;
    opacity: 1;
    pointer-events: auto;
  }
`

const StyledRow = styled.li<{ $fromBot: boolean }>`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  /* A bot line is marked by a bar at its start (and its badge), not a tinted background: muted text and names kept too little contrast on it. */
  background: transparent;
  box-shadow: ${({ theme, $fromBot }) => ($fromBot ? `inset 3px 0 0 ${theme.colors.primary}` : 'none')};

  &:hover,
  &:focus-within {
    background: ${({ theme }) => theme.colors.surface};
  }

  &:hover ${StyledActions}, &:focus-within ${StyledActions} {
    opacity: 1;
    pointer-events: auto;
  }

  &:focus-visible {
    outline-offset: -3px;
  }
`

const StyledTime = styled.time`
  flex: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  padding-top: ${({ theme }) => theme.space.xxs};
`

const StyledLine = styled.p`
  flex: 1 1 0;
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
`

const StyledAuthor = styled.strong<{ $fromBot: boolean }>`
  color: ${({ theme }) => theme.colors.heading};
  margin-right: ${({ theme }) => theme.space.xs};
`

/** Who on the dashboard sent a chatboard line (the owner or a team member): small, after the line. */
const StyledSentBy = styled.small`
  margin-left: ${({ theme }) => theme.space.xs};
  /* The line's own colour: muted text on the bot line's tint fails contrast (axe, both skins). */
  color: inherit;
  font-style: italic;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: nowrap;
`

const StyledRoleBadge = styled(StyledBadge)`
  margin-right: ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.xs};
`

const StyledActionButton = styled.button<{ $danger?: boolean }>`
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  cursor: pointer;
  white-space: nowrap;
`

const StyledEmpty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`

const StyledPill = styled.button`
  position: absolute;
  left: 50%;
  bottom: ${({ theme }) => theme.space.md};
  transform: translateX(-50%);
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.lg}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  box-shadow: 0 4px 12px ${({ theme }) => theme.colors.shadow};
  cursor: pointer;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`

const ROLE_TONES = { broadcaster: 'danger', moderator: 'success', vip: 'info', subscriber: 'warning' } as const
type KnownRole = keyof typeof ROLE_TONES
const isKnownRole = (role: string): role is KnownRole => role in ROLE_TONES

export interface ChatLogProps {
  messages: readonly AssistantChatMessageFragment[]
  emptyText: string
  /** Offers delete / timeout / ban on each line; without it (a member who only views moderation) none. */
  onModerate?: (message: AssistantChatMessageFragment, kind: ModerationKind) => void
}

/**
 * The live chat. Follows new lines while scrolled to the bottom; scrolled up, it stays put
 * and a pill counts the new lines. Keyboard: the log is one tab stop; ↑ ↓ Home End move
 * between lines; Tab reaches the focused line's moderator actions.
 */
export function ChatLog({ messages, emptyText, onModerate }: ChatLogProps) {
  const { t, i18n } = useTranslation('assistant')
  const box = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  const lastSeenId = useRef<string | null>(null)
  const [unseen, setUnseen] = useState(0)
  const [activeId, setActiveId] = useState<string | null>(null)
  const activeIndex = Math.max(0, activeId === null ? messages.length - 1 : messages.findIndex((message) => message.id === activeId))
  const tabStopId = messages[activeIndex]?.id ?? null

  useLayoutEffect(() => {
    const element = box.current
    const lastId = messages.at(-1)?.id ?? null
    if (!element || lastId === lastSeenId.current) return
    const previous = lastSeenId.current
    lastSeenId.current = lastId
    if (atBottom.current || previous === null) {
      element.scrollTop = element.scrollHeight
      setUnseen(0)
      return
    }
    const index = messages.findIndex((message) => message.id === previous)
    setUnseen((count) => count + (index < 0 ? messages.length : messages.length - 1 - index))
  }, [messages])

  const scrollToBottom = useCallback(() => {
    const element = box.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    atBottom.current = true
    setUnseen(0)
  }, [])

  function onScroll() {
    const element = box.current
    if (!element) return
    atBottom.current = isNearBottom(element)
    if (atBottom.current) setUnseen(0)
  }

  function focusRow(index: number) {
    const target = messages[Math.max(0, Math.min(messages.length - 1, index))]
    if (!target) return
    setActiveId(target.id)
    box.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(target.id)}"]`)?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.target instanceof HTMLElement && event.target.tagName === 'BUTTON' && (event.key === 'Home' || event.key === 'End')) return
    const moves: Record<string, number> = {
      ArrowUp: activeIndex - 1,
      ArrowDown: activeIndex + 1,
      Home: 0,
      End: messages.length - 1,
      PageUp: activeIndex - 10,
      PageDown: activeIndex + 10,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    focusRow(next)
  }

  return (
    <StyledLogWrap>
      <StyledLog ref={box} onScroll={onScroll} role="log" aria-label={t('chatboard.logLabel')} aria-relevant="additions" data-testid="chat-log">
        {messages.length === 0 ? (
          <StyledEmpty data-testid="chat-empty">{emptyText}</StyledEmpty>
        ) : (
          <StyledList onKeyDown={onKeyDown}>
            {messages.map((message) => {
              const focusable = message.id === tabStopId
              const protectedUser = message.fromBot || message.roles.includes('broadcaster')
              return (
                <StyledRow
                  key={message.id}
                  $fromBot={message.fromBot}
                  tabIndex={focusable ? 0 : -1}
                  onFocus={() => setActiveId(message.id)}
                  data-message-id={message.id}
                  data-testid="chat-message"
                  data-from-bot={message.fromBot}
                >
                  <StyledTime dateTime={message.at}>{formatTime(message.at, i18n.language)}</StyledTime>
                  <StyledLine>
                    {message.fromBot ? <StyledRoleBadge $tone="info">{t('chatboard.botBadge')}</StyledRoleBadge> : null}
                    {/* A bot line says "Bot" only: without a bot account of its own the bot writes as the broadcaster, and is not one. */}
                    {message.roles
                      .filter(isKnownRole)
                      .filter((role) => !(message.fromBot && role === 'broadcaster'))
                      .map((role) => (
                        <StyledRoleBadge key={role} $tone={ROLE_TONES[role]}>
                          {t(`chatboard.roles.${role}`)}
                        </StyledRoleBadge>
                      ))}
                    <StyledAuthor $fromBot={message.fromBot}>{message.userName}:</StyledAuthor>
                    {message.removed ? (
                      <>
                        <StyledRoleBadge $tone="danger" data-testid="chat-removed">
                          {t('chatboard.removed')}
                        </StyledRoleBadge>
                        <del data-testid="chat-text">{message.text}</del>
                      </>
                    ) : (
                      <span data-testid="chat-text">{message.text}</span>
                    )}
                    {message.sentBy ? (
                      <StyledSentBy title={t('chatboard.sentByTitle', { name: message.sentBy.username })} data-testid="chat-sent-by">
                        {t('chatboard.sentBy', { name: message.sentBy.username })}
                      </StyledSentBy>
                    ) : null}
                  </StyledLine>
                  {onModerate ? (
                    <StyledActions>
                      {(protectedUser ? (['delete'] as const) : MODERATE_ACTIONS).map((action) => (
                        <StyledActionButton
                          key={action}
                          type="button"
                          $danger={action === 'ban'}
                          tabIndex={focusable ? 0 : -1}
                          onClick={() => onModerate(message, action)}
                          aria-label={t(`chatboard.actions.${action}Label`, { user: message.userName })}
                          data-testid={`moderate-${action}`}
                        >
                          {t(`chatboard.actions.${action}`)}
                        </StyledActionButton>
                      ))}
                    </StyledActions>
                  ) : null}
                </StyledRow>
              )
            })}
          </StyledList>
        )}
      </StyledLog>
      {unseen > 0 ? (
        <StyledPill type="button" onClick={scrollToBottom} data-testid="new-messages-pill">
          {t('chatboard.newMessages', { count: unseen })}
        </StyledPill>
      ) : null}
    </StyledLogWrap>
  )
}
