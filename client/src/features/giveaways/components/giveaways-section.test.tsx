import { ApolloProvider } from '@apollo/client/react'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { clientAnswering } from '../../../../../tests/support/apollo-answering'
import { renderUi } from '../../../../../tests/support/component'
import en from '../locales/en.json'
import { GiveawaysSection } from './giveaways-section'

const AT = '2026-11-20T12:00:00.000Z'
const entry = (id: number, name: string, tickets = 1) => ({
  __typename: 'GiveawayEntry',
  id: String(id),
  login: name.toLowerCase(),
  name,
  tickets,
  subscriber: tickets > 1,
  enteredAt: AT,
})
type Entry = ReturnType<typeof entry>
const draw = (id: number, winner: Entry, messages: string[] = []) => ({
  __typename: 'GiveawayDraw',
  id: String(id),
  entriesDrawnFrom: 3,
  totalTickets: 4,
  ticket: 2,
  drawnAt: AT,
  winner,
  winnerMessages: messages.map((text) => ({ __typename: 'GiveawayWinnerLine', text, at: AT })),
})
const giveaway = (id: number, over: Record<string, unknown> = {}) => ({
  __typename: 'Giveaway',
  id: String(id),
  prize: `Prize ${id}`,
  keyword: '!join',
  eligibility: 'everyone',
  minFollowDays: null,
  maxEntries: null,
  subscriberTickets: 1,
  endsAt: null as string | null,
  state: 'open',
  createdAt: AT,
  closedAt: null as string | null,
  entryCount: 0,
  entries: [] as Entry[],
  draws: [] as ReturnType<typeof draw>[],
  ...over,
})
const answer = (giveaways: ReturnType<typeof giveaway>[]) => ({ data: { channel: { __typename: 'Channel', id: '1', platform: 'twitch', giveaways } } })

beforeAll(() => {
  i18n.addResourceBundle('en', 'giveaways', en, true, true)
})

describe('GiveawaysSection', () => {
  it('shows loading, then the error with a retry, then the empty history and the form', async () => {
    let fail = true
    const { client } = clientAnswering({
      ChannelGiveaways: () => (fail ? { errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } : answer([])),
    })
    const { user } = await renderUi(
      <ApolloProvider client={client}>
        <GiveawaysSection channelId="1" />
      </ApolloProvider>,
    )
    expect(screen.getByTestId('giveaways-loading')).toBeTruthy()
    const error = await screen.findByTestId('giveaways-error')
    fail = false
    await user.click(within(error).getByRole('button'))
    expect(await screen.findByTestId('giveaway-history-empty')).toBeTruthy()
    expect(screen.getByTestId('giveaway-form')).toBeTruthy()
    expect(screen.queryByTestId('giveaway-current')).toBeNull()
  })

  it('opens a giveaway with its terms from the keyboard and sends them as typed', async () => {
    let list: ReturnType<typeof giveaway>[] = []
    const { client, asked } = clientAnswering({
      ChannelGiveaways: () => answer(list),
      OpenGiveaway: () => {
        list = [giveaway(1, { eligibility: 'followers', minFollowDays: 7, subscriberTickets: 3, endsAt: '2026-11-20T12:10:00.000Z' })]
        return { data: { openGiveaway: { __typename: 'Giveaway', id: '1', state: 'open' } } }
      },
    })
    const { user } = await renderUi(
      <ApolloProvider client={client}>
        <GiveawaysSection channelId="1" />
      </ApolloProvider>,
    )
    await user.type(await screen.findByRole('textbox', { name: 'Prize' }), 'A game key')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who may enter' }), 'followers')
    await user.type(screen.getByRole('spinbutton', { name: 'Minimum follow age (days)' }), '7')
    const tickets = screen.getByRole('spinbutton', { name: 'Tickets per subscriber' })
    await user.clear(tickets)
    await user.type(tickets, '3')
    await user.click(screen.getByRole('radio', { name: 'After a timer' }))
    await user.clear(screen.getByRole('spinbutton', { name: 'Minutes' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Minutes' }), '10{Enter}')
    expect(asked.filter((a) => a.op === 'OpenGiveaway').map((a) => a.variables)).toEqual([
      {
        channelId: '1',
        input: {
          prize: 'A game key',
          keyword: '!join',
          eligibility: 'followers',
          minFollowDays: 7,
          maxEntries: null,
          subscriberTickets: 3,
          durationMinutes: 10,
        },
      },
    ])
    const current = await screen.findByTestId('giveaway-current')
    expect(within(current).getByTestId('giveaway-terms').textContent).toMatch(/enter with !join · followers for 7 days · subscribers 3 tickets · closes at/)
    expect(within(current).getByTestId('giveaway-entries-empty').textContent).toContain('!join')
    // One open giveaway at a time: no form while it runs.
    expect(screen.queryByTestId('giveaway-form')).toBeNull()
  })

  it('ends and rerolls only after the confirmation, draws, and shows the winner, their lines and the history', async () => {
    const entries = [entry(1, 'Ann'), entry(2, 'Bob', 2), entry(3, 'Cid')]
    let current = giveaway(2, { entries, entryCount: 3 })
    const older = giveaway(1, { state: 'closed', prize: 'Old prize', entryCount: 5, draws: [draw(9, entry(7, 'Zed'))] })
    const { client, asked } = clientAnswering({
      ChannelGiveaways: () => answer([current, older]),
      CloseGiveaway: () => {
        current = { ...current, state: 'closed', closedAt: AT }
        return { data: { closeGiveaway: { __typename: 'Giveaway', id: '2', state: 'closed', closedAt: AT } } }
      },
      DrawGiveaway: () => {
        const d = draw(current.draws.length + 10, entries[current.draws.length]!, current.draws.length ? [] : ['thanks!'])
        current = { ...current, state: 'closed', draws: [...current.draws, d] }
        return { data: { drawGiveaway: d } }
      },
    })
    const { user } = await renderUi(
      <ApolloProvider client={client}>
        <GiveawaysSection channelId="1" />
      </ApolloProvider>,
    )
    const card = await screen.findByTestId('giveaway-current')
    expect(
      within(card)
        .getAllByTestId('giveaway-entry')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('Ann'), expect.stringContaining('Bob (subscriber)2'), expect.stringContaining('Cid')])
    const history = screen.getByTestId('giveaway-history-row')
    expect(history.textContent).toContain('Old prize')
    expect(history.textContent).toContain('Zed')

    await user.click(within(card).getByRole('button', { name: 'End entries' }))
    const dialog = screen.getByTestId('giveaway-confirm')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(asked.some((a) => a.op === 'CloseGiveaway')).toBe(false)
    await user.click(within(card).getByRole('button', { name: 'End entries' }))
    await user.click(within(screen.getByTestId('giveaway-confirm')).getByRole('button', { name: 'End entries' }))
    expect(await within(card).findByRole('heading', { name: 'Prize 2 · closed' })).toBeTruthy()
    expect(within(card).queryByRole('button', { name: 'End entries' })).toBeNull()
    expect(asked.filter((a) => a.op === 'CloseGiveaway').map((a) => a.variables)).toEqual([{ id: '2' }])

    await user.click(within(card).getByRole('button', { name: 'Draw a winner' }))
    expect((await within(card).findByTestId('giveaway-winner')).textContent).toBe('Winner: Ann')
    expect(within(card).getByTestId('giveaway-winner-messages').textContent).toContain('thanks!')
    expect(within(card).getByText('Ticket 3 of 4, among 3 entries.')).toBeTruthy()

    await user.click(within(card).getByRole('button', { name: 'Reroll' }))
    expect(asked.filter((a) => a.op === 'DrawGiveaway')).toHaveLength(1)
    await user.click(within(screen.getByTestId('giveaway-confirm')).getByRole('button', { name: 'Reroll' }))
    expect(await within(card).findByText('Winner: Bob')).toBeTruthy()
    expect(within(card).getByText('Drawn before: Ann')).toBeTruthy()
    expect(within(card).getByTestId('giveaway-winner-silent')).toBeTruthy()
    const rows = screen.getAllByTestId('giveaway-history-row').map((r) => r.textContent)
    expect(rows).toEqual([expect.stringContaining('Prize 2'), expect.stringContaining('Old prize')])
    expect(rows[0]).toContain('Ann, Bob')
    expect(asked.filter((a) => a.op === 'DrawGiveaway')).toHaveLength(2)
  })
})
