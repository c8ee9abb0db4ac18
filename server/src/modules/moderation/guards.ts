import type { ModerationCoreDeps, Guard } from './core-deps'
import { compileFilters, type CompiledFilters } from './filters'
import { offencesFromLog } from './offences'
import { permitsFromDb } from './permits'
import { regularLogins, settingsOf } from './stored-settings'

async function build(deps: ModerationCoreDeps, channelId: number, old?: Guard): Promise<Guard> {
  let compiled: CompiledFilters
  try {
    compiled = compileFilters(await settingsOf(deps, channelId))
  } catch (e) {
    // Saved before a limit tightened: screening goes on without the terms rather than not at all.
    deps.log.warn({ channelId, err: (e as Error).message }, 'moderation: stored terms not compilable; terms filter off')
    const s = await settingsOf(deps, channelId)
    compiled = compileFilters({ ...s, filters: { ...s.filters, terms: { ...s.filters.terms, enabled: false } } })
  }
  const regulars = await regularLogins(deps, channelId)
  if (old) return Object.assign(old, { compiled, regulars })
  // A new process (a restart, or the channel handed over to another worker) picks the ladder up
  // from the log and the open !permit grants from their table.
  const [offences, permits] = await Promise.all([offencesFromLog(deps, channelId, compiled.settings.escalationSeconds * 1000), permitsFromDb(deps, channelId)])
  return { compiled, regulars, offences, permits, lastWarnAt: -Infinity, previous: new Map() }
}

function listen(deps: ModerationCoreDeps) {
  if (deps.state.listening) return
  deps.state.listening = true
  void (async () => {
    for await (const e of deps.pubsub.subscribe('channelChanged')) if (e.what === 'moderation') void refresh(deps, e.channelId)
  })().catch((e: unknown) => deps.log.warn({ err: (e as Error).message }, 'moderation: change feed ended'))
}

export function guardOf(deps: ModerationCoreDeps, channelId: number): Promise<Guard> {
  listen(deps)
  const { guards } = deps
  let g = guards.get(channelId)
  if (!g) {
    g = build(deps, channelId)
    g.catch(() => guards.delete(channelId))
    guards.set(channelId, g)
  }
  return g
}

/** Rebuilds a channel's filters and regulars, keeping its offences, permits and warnings. */
async function refresh(deps: ModerationCoreDeps, channelId: number) {
  const { guards } = deps
  const g = guards.get(channelId)
  if (!g) return
  const next = g.then((old) => build(deps, channelId, old))
  guards.set(channelId, next)
  await next.catch(() => guards.delete(channelId))
}

/** The settings or regulars changed: this process rebuilds now, the others on the change feed. */
export function changed(deps: ModerationCoreDeps, channelId: number) {
  void refresh(deps, channelId)
  deps.pubsub.publish('channelChanged', { channelId, what: 'moderation' })
}

/** Forgets a viewer's offences (an undo in the log: the next offence starts the ladder again). */
export async function forgive({ guards }: ModerationCoreDeps, channelId: number, userId: string) {
  const g = guards.get(channelId)
  if (g) (await g).offences.forget(userId)
}

/** Whether a login is one of the channel's regulars, from the cached list the filters use (kept fresh by the change feed). */
export async function isRegular(deps: ModerationCoreDeps, channelId: number, login: string): Promise<boolean> {
  return (await guardOf(deps, channelId)).regulars.has(login.toLowerCase())
}
