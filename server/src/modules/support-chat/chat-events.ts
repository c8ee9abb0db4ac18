import { Repeater } from 'graphql-yoga'
import { users } from '../../db/schema'
import type { Principal } from '../../permissions/abilities'
import type { SupportChatEvent } from '../../realtime/pubsub'
import { supportChatProfiles } from './support-chat.tables'
import { HEARTBEAT_MS } from './chat-model'
import { scopeWhere, announce } from './chat-contacts'
import type { SupportChatDeps } from './support-chat.deps'

export async function heartbeat(deps: SupportChatDeps, userId: number, at: Date | null) {
  const { db } = deps
  await db
    .insert(supportChatProfiles)
    .values({ userId, seenAt: at })
    .onConflictDoUpdate({ target: supportChatProfiles.userId, set: { seenAt: at } })
}

/**
 * The live events of `actor`: their new messages (sent and received) and the presence of
 * their contacts. While it runs the user counts as connected (a heartbeat every HEARTBEAT_MS).
 */
export async function events(deps: SupportChatDeps, actor: Principal): Promise<AsyncIterable<SupportChatEvent>> {
  const { db, now, pubsub, connections } = deps
  const me = actor.userId
  // Presence of contacts only: admins see everyone's, anyone else their (few) contacts'.
  const allowed = actor.admin
    ? null
    : new Set(
        (
          await db
            .select({ id: users.id })
            .from(users)
            .where(await scopeWhere(deps, actor))
        ).map((r) => r.id),
      )
  return new Repeater<SupportChatEvent>(async (push, stop) => {
    const messages = pubsub.subscribe('supportChatMessage', String(me))[Symbol.asyncIterator]()
    const presences = pubsub.subscribe('supportChatPresence')[Symbol.asyncIterator]()
    connections.set(me, (connections.get(me) ?? 0) + 1)
    await heartbeat(deps, me, now())
    await announce(deps, me)
    const timer = setInterval(() => void heartbeat(deps, me, now()).catch(() => {}), HEARTBEAT_MS)
    timer.unref?.()
    const pump = async <T extends SupportChatEvent>(it: AsyncIterator<T>, keep: (e: T) => boolean) => {
      for (;;) {
        const r = await Promise.race([it.next(), stop.then(() => ({ done: true, value: undefined }) as IteratorResult<T>)])
        if (r.done) return
        if (keep(r.value)) await push(r.value)
      }
    }
    void Promise.all([pump(messages, () => true), pump(presences, (e) => e.contactId !== me && (allowed === null || allowed.has(e.contactId)))]).catch(
      (e: unknown) => stop(e),
    )
    await stop
    clearInterval(timer)
    await Promise.allSettled([messages.return?.(), presences.return?.()])
    const left = (connections.get(me) ?? 1) - 1
    if (left > 0) connections.set(me, left)
    else {
      connections.delete(me)
      await heartbeat(deps, me, null).catch(() => {})
      await announce(deps, me).catch(() => {})
    }
  })
}
