import type { ModerationCoreDeps, Guard } from './core-deps'
import { groupedLoad } from '../../db/grouped'
import { compileFilters, type CompiledFilters } from './filters'
import { offencesOfMany } from './offences'
import { permitsOfMany } from './permits'
import type { ModerationSettings } from './settings'
import { regularLogins, settingsOf, storedOfMany } from './stored-settings'

function compile(deps: ModerationCoreDeps, channelId: number, s: ModerationSettings): CompiledFilters {
  try {
    return compileFilters(s)
  } catch (e) {
    // Saved before a limit tightened: screening goes on without the terms rather than not at all.
    deps.log.warn({ channelId, err: (e as Error).message }, 'moderation: stored terms not compilable; terms filter off')
    return compileFilters({ ...s, filters: { ...s.filters, terms: { ...s.filters.terms, enabled: false } } })
  }
}

/** A changed channel's filters and regulars, read again; its ladder, permits and warnings kept. */
async function rebuild(deps: ModerationCoreDeps, channelId: number, old: Guard): Promise<Guard> {
  const compiled = compile(deps, channelId, await settingsOf(deps, channelId))
  return Object.assign(old, { compiled, regulars: await regularLogins(deps, channelId) })
}

/**
 * New guards: the settings, regulars, ladder (from the log) and open !permit grants of every
 * channel whose first line comes while a read is under way, in four statements for all of them
 * (a worker's thousands of channels get their first lines at about the same time after a start).
 * A new process (a restart, or the channel handed over to another worker) picks the ladder and
 * the grants up from the database.
 */
async function buildMany(deps: ModerationCoreDeps, channelIds: number[]): Promise<Map<number, Guard>> {
  const [stored, permits] = await Promise.all([storedOfMany(deps, channelIds), permitsOfMany(deps, channelIds)])
  // A channel whose filters do not compile at all gets no guard (its caller fails, and its next line tries again).
  const compiled = new Map<number, CompiledFilters>()
  for (const id of channelIds) {
    try {
      compiled.set(id, compile(deps, id, stored.get(id)!.settings))
    } catch (e) {
      deps.log.warn({ channelId: id, err: (e as Error).message }, 'moderation: filters not compilable')
    }
  }
  const offences = await offencesOfMany(deps, new Map([...compiled].map(([id, c]) => [id, c.settings.escalationSeconds * 1000])))
  return new Map(
    [...compiled.keys()].map((id) => [
      id,
      {
        compiled: compiled.get(id)!,
        regulars: stored.get(id)!.regulars,
        offences: offences.get(id)!,
        permits: permits.get(id)!,
        lastWarnAt: -Infinity,
        previous: new Map(),
      },
    ]),
  )
}

const builders = new WeakMap<ModerationCoreDeps, (channelId: number) => Promise<Guard>>()
function build(deps: ModerationCoreDeps, channelId: number): Promise<Guard> {
  let load = builders.get(deps)
  if (!load) builders.set(deps, (load = groupedLoad((ids: number[]) => buildMany(deps, ids))))
  return load(channelId)
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
  const next = g.then((old) => rebuild(deps, channelId, old))
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
