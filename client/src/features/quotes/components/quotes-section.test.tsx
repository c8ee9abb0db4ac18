import { ApolloProvider } from '@apollo/client/react'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { clientAnswering } from '../../../../../tests/support/apollo-answering'
import { renderUi } from '../../../../../tests/support/component'
import en from '../locales/en.json'
import { CountersSection } from './counters-section'
import { QuotesSection } from './quotes-section'

const quote = (n: number, text: string, game: string | null = null) => ({
  __typename: 'Quote',
  id: String(n),
  number: n,
  text,
  game,
  addedBy: n === 1 ? 'moddy' : null,
  createdAt: '2026-11-20T12:00:00.000Z',
})

beforeAll(() => {
  i18n.addResourceBundle('en', 'quotes', en, true, true)
})

describe('QuotesSection', () => {
  it('shows loading, then the error with a retry that loads the list', async () => {
    let fail = true
    const { client } = clientAnswering({
      ChannelQuotes: () =>
        fail
          ? { errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }
          : { data: { channel: { __typename: 'Channel', id: '1', quotes: [quote(1, 'gg ez', 'Chess')] } } },
    })
    const { user } = await renderUi(
      <ApolloProvider client={client}>
        <QuotesSection channelId="1" />
      </ApolloProvider>,
    )
    expect(screen.getByTestId('quotes-loading')).toBeTruthy()
    const error = await screen.findByTestId('quotes-error')
    fail = false
    await user.click(within(error).getByRole('button'))
    expect(await screen.findByText('gg ez')).toBeTruthy()
    expect(screen.getByText('Chess')).toBeTruthy()
  })

  it('says when there are none, adds one, and deletes only after the confirmation', async () => {
    let quotes: ReturnType<typeof quote>[] = []
    const { client, asked } = clientAnswering({
      ChannelQuotes: () => ({ data: { channel: { __typename: 'Channel', id: '1', quotes } } }),
      CreateQuote: (v) => {
        const input = v.input as { text: string; game: string | null }
        quotes = [quote(1, input.text, input.game)]
        return { data: { createQuote: { __typename: 'Quote', id: '1', number: 1 } } }
      },
      DeleteQuote: () => {
        quotes = []
        return { data: { deleteQuote: true } }
      },
    })
    const { user } = await renderUi(
      <ApolloProvider client={client}>
        <QuotesSection channelId="1" />
      </ApolloProvider>,
    )
    expect(await screen.findByTestId('quotes-empty')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Quote' }), '  that was close  ')
    await user.type(screen.getByRole('textbox', { name: 'Game' }), '{Enter}')
    expect(asked.find((a) => a.op === 'CreateQuote')?.variables).toEqual({ channelId: '1', input: { text: 'that was close', game: null } })
    const row = await screen.findByTestId('quote-row')
    expect(within(row).getByText('that was close')).toBeTruthy()

    await user.click(within(row).getByRole('button', { name: 'Delete quote #1' }))
    const dialog = screen.getByTestId('quote-delete-dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(asked.some((a) => a.op === 'DeleteQuote')).toBe(false)
    await user.click(within(row).getByRole('button', { name: 'Delete quote #1' }))
    await user.click(within(screen.getByTestId('quote-delete-dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByTestId('quotes-empty')).toBeTruthy()
    expect(asked.filter((a) => a.op === 'DeleteQuote').map((a) => a.variables)).toEqual([{ id: '1' }])
  })

  it("shows the server's refusal beside the quote's text", async () => {
    const message = 'A quote has at most 400 characters'
    const { client } = clientAnswering({
      ChannelQuotes: () => ({ data: { channel: { __typename: 'Channel', id: '1', quotes: [quote(1, 'old', null)] } } }),
      UpdateQuote: () => ({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fields: { text: [message] } } }] }),
    })
    const { user } = await renderUi(
      <ApolloProvider client={client}>
        <QuotesSection channelId="1" />
      </ApolloProvider>,
    )
    await user.click(await screen.findByRole('button', { name: 'Edit quote #1' }))
    const text = screen.getByRole('textbox', { name: 'Quote' })
    expect((text as HTMLInputElement).value).toBe('old')
    await user.type(text, ' and new{Enter}')
    expect(await within(screen.getByTestId('quote-form')).findByText(message)).toBeTruthy()
  })
})

describe('CountersSection', () => {
  it('lists the counters and resets one to 0 after the confirmation', async () => {
    let value = 7
    const { client, asked } = clientAnswering({
      ChannelCounters: () => ({
        data: {
          channel: {
            __typename: 'Channel',
            id: '1',
            counters: [{ __typename: 'ChatCounter', id: '5', name: 'deaths', value, updatedAt: '2026-11-20T12:00:00.000Z' }],
          },
        },
      }),
      SetChatCounter: (v) => {
        value = v.value as number
        return { data: { setChatCounter: { __typename: 'ChatCounter', id: '5', name: 'deaths', value } } }
      },
    })
    const { user } = await renderUi(
      <ApolloProvider client={client}>
        <CountersSection channelId="1" />
      </ApolloProvider>,
    )
    const row = await screen.findByTestId('counter-row')
    expect(within(row).getByText('7')).toBeTruthy()
    await user.click(within(row).getByRole('button', { name: 'Reset deaths to 0' }))
    await user.click(within(screen.getByTestId('counter-confirm-dialog')).getByRole('button', { name: 'Reset' }))
    expect(await within(row).findByText('0')).toBeTruthy()
    expect(asked.filter((a) => a.op === 'SetChatCounter').map((a) => a.variables)).toEqual([{ channelId: '1', name: 'deaths', value: 0 }])
  })

  it('says when there are none', async () => {
    const { client } = clientAnswering({ ChannelCounters: () => ({ data: { channel: { __typename: 'Channel', id: '1', counters: [] } } }) })
    await renderUi(
      <ApolloProvider client={client}>
        <CountersSection channelId="1" />
      </ApolloProvider>,
    )
    expect(await screen.findByTestId('counters-empty')).toBeTruthy()
  })
})
