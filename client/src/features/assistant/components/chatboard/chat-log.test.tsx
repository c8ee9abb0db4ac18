import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { featureStrings, renderUi } from '../../../../../../tests/support/component'
import en from '../../locales/en.json'
import type { AssistantChatMessageFragment } from '../../graphql/chat.generated'
import { ChatLog } from './chat-log'

const line = (id: string, over: Partial<AssistantChatMessageFragment>): AssistantChatMessageFragment => ({
  id,
  channelId: '1',
  platformMessageId: `m${id}`,
  userId: 'u1',
  userLogin: 'democaster',
  userName: 'DemoCaster',
  text: 'hello',
  roles: [],
  fromBot: false,
  removed: false,
  at: '2026-11-28T12:00:00.000Z',
  sentBy: null,
  ...over,
})

describe('the chatboard’s log', () => {
  featureStrings('assistant', en)

  it('badges the bot as the bot, never as the broadcaster whose account it writes with; the broadcaster keeps the badge', async () => {
    await renderUi(
      <ChatLog
        messages={[line('1', { roles: ['broadcaster'], text: '!hello' }), line('2', { roles: ['broadcaster'], fromBot: true, text: 'Hi DemoCaster!' })]}
        emptyText="-"
        onModerate={() => {}}
      />,
    )
    const [own, bot] = screen.getAllByTestId('chat-message')
    expect(within(own!).queryByText('Broadcaster')).not.toBeNull()
    expect(within(bot!).queryByText('Bot')).not.toBeNull()
    expect(within(bot!).queryByText('Broadcaster')).toBeNull()
  })

  it('names the dashboard account that sent a chatboard line, and no one on the other lines', async () => {
    await renderUi(
      <ChatLog
        messages={[
          line('1', { roles: ['broadcaster'], fromBot: true, text: 'Raid at 9', sentBy: { id: '7', username: 'chatmod' } }),
          line('2', { roles: ['broadcaster'], fromBot: true, text: 'Hi DemoCaster!' }),
          line('3', { text: 'hello' }),
        ]}
        emptyText="-"
        onModerate={() => {}}
      />,
    )
    const [sent, bot, viewer] = screen.getAllByTestId('chat-message')
    const label = within(sent!).getByTestId('chat-sent-by')
    expect(label.textContent).toBe('via chatmod')
    expect(label.getAttribute('title')).toBe('Sent from the dashboard by chatmod')
    expect(within(bot!).queryByTestId('chat-sent-by')).toBeNull()
    expect(within(viewer!).queryByTestId('chat-sent-by')).toBeNull()
  })

  it('offers delete, timeout and ban on a line only with onModerate (a member who only views moderation gets none)', async () => {
    const { unmount } = await renderUi(<ChatLog messages={[line('1', {})]} emptyText="-" />)
    expect(screen.getByTestId('chat-message')).toBeTruthy()
    expect(screen.queryByTestId('moderate-delete')).toBeNull()
    expect(screen.queryByTestId('moderate-ban')).toBeNull()
    unmount()
    await renderUi(<ChatLog messages={[line('1', {})]} emptyText="-" onModerate={() => {}} />)
    expect(screen.getByTestId('moderate-delete')).toBeTruthy()
    expect(screen.getByTestId('moderate-ban')).toBeTruthy()
  })

  it('names each button for its line, and offers only delete on the bot’s and the broadcaster’s lines', async () => {
    const asked: string[] = []
    await renderUi(
      <ChatLog
        messages={[line('1', { userName: 'Newcomer' }), line('2', { fromBot: true }), line('3', { roles: ['broadcaster'] })]}
        emptyText="-"
        onModerate={(message, kind) => asked.push(`${kind} ${message.id}`)}
      />,
    )
    const [viewer, bot, owner] = screen.getAllByTestId('chat-message')
    const buttons = within(viewer!).getAllByRole('button', { name: /Newcomer/ })
    expect(buttons.map((b) => b.getAttribute('data-testid'))).toEqual(['moderate-delete', 'moderate-timeout', 'moderate-ban'])
    for (const b of buttons) b.click()
    expect(asked).toEqual(['delete 1', 'timeout 1', 'ban 1'])
    for (const row of [bot!, owner!]) {
      expect(
        within(row)
          .getAllByRole('button')
          .map((b) => b.getAttribute('data-testid')),
      ).toEqual(['moderate-delete'])
    }
  })
})
