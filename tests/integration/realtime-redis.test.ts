import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../server/src/logger'
import { createRealtime, type ChatMessageEvent } from '../../server/src/realtime/pubsub'

const redisUrl = process.env.TEST_REDIS_URL

/** Two "processes" (two Realtime instances) share events through Redis. Runs where TEST_REDIS_URL is set (CI sets it). */
describe.skipIf(!redisUrl)('pub/sub through Redis', () => {
  it('delivers a chat line published by one process to a subscriber in another, and nothing of other channels', async () => {
    const prefix = `test-${randomUUID()}:`
    const log = createLogger('silent')
    const a = createRealtime({ redisUrl, log, prefix })
    const b = createRealtime({ redisUrl, log, prefix })
    try {
      expect([a.kind, b.kind]).toEqual(['redis', 'redis'])
      const line = (channelId: string, text: string): ChatMessageEvent => ({
        id: randomUUID(),
        channelId,
        platformMessageId: 'm1',
        userId: 'u1',
        userLogin: 'viewer',
        userName: 'Viewer',
        text,
        roles: [],
        fromBot: false,
        at: new Date(0).toISOString(),
      })
      const iterator = b.pubsub.subscribe('chatMessage', '42')[Symbol.asyncIterator]()
      const next = iterator.next()
      // The SUBSCRIBE reaches Redis asynchronously: publish until the subscriber hears it (bounded).
      let received: IteratorResult<ChatMessageEvent> | undefined
      void next.then((r) => (received = r))
      for (let i = 0; i < 100 && !received; i++) {
        a.pubsub.publish('chatMessage', '7', line('7', 'other channel'))
        a.pubsub.publish('chatMessage', '42', line('42', 'hello from process A'))
        await new Promise((r) => setTimeout(r, 20))
      }
      expect(received?.value).toMatchObject({ channelId: '42', text: 'hello from process A' })
      await iterator.return?.()
    } finally {
      await a.close()
      await b.close()
    }
  })
})
