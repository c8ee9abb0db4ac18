import { ApolloProvider } from '@apollo/client/react'
import { screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { clientAnswering } from '../../../../../tests/support/apollo-answering'
import { renderUi } from '../../../../../tests/support/component'
import en from '../locales/en.json'
import { ModerationCountsCard } from '../public/moderation-counts-card'

const answer = (counts: Array<{ filter: string; lastDay: number }>) => ({
  data: {
    channel: {
      __typename: 'Channel',
      id: '7',
      moderation: { __typename: 'ModerationPanel', counts: counts.map((c) => ({ __typename: 'ModerationCount', ...c })) },
    },
  },
})

async function render(result: Record<string, unknown>) {
  const { client, asked } = clientAnswering({ ModerationCounts: () => result })
  await renderUi(
    <MemoryRouter>
      <ApolloProvider client={client}>
        <ModerationCountsCard channelId="7" channelName="Demo" />
      </ApolloProvider>
    </MemoryRouter>,
  )
  return asked
}

beforeAll(() => {
  i18n.addResourceBundle('en', 'moderation', en, true, true)
})

describe('ModerationCountsCard (the dashboard)', () => {
  it("shows the last 24 hours' actions per filter, most first, and links to the moderation page", async () => {
    const asked = await render(
      answer([
        { filter: 'caps', lastDay: 1 },
        { filter: 'links', lastDay: 3 },
        { filter: 'zalgo', lastDay: 0 },
      ]),
    )
    const card = await screen.findByRole('region', { name: 'Auto-moderation in Demo, last 24 h' })
    expect((await within(card).findByTestId('moderation-counts-total')).textContent).toBe('4 actions')
    expect(
      within(card)
        .getAllByTestId('moderation-count')
        .map((li) => li.textContent),
    ).toEqual(['Links: 3', 'Capitals: 1'])
    expect(within(card).getByRole('link', { name: 'Moderation log and filters' }).getAttribute('href')).toBe('/pages/Moderation?channel=7')
    expect(asked).toEqual([{ op: 'ModerationCounts', variables: { channelId: '7' } }])
  })

  it('says when nothing was removed', async () => {
    await render(answer([{ filter: 'links', lastDay: 0 }]))
    expect(await screen.findByTestId('moderation-counts-none')).toBeTruthy()
  })

  it('says when the counts cannot be read', async () => {
    await render({ errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] })
    expect((await screen.findByRole('alert')).textContent).toBe('The moderation counts could not be read.')
  })
})
