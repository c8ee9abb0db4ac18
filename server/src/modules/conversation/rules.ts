import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { inIds, perChannel } from '../../db/id-list'
import { AppError } from '../../errors'
import { commandPermissions } from '../commands/commands.tables'
import { CONVERSATION_VARIABLES, templateProblems } from '../commands/template'
import { bad, MAX_RULES, type ConversationDeps, type RuleInput } from './conversation-deps'
import { conversationRules, ruleKinds, type ConversationRuleRow } from './conversation.tables'
import { patternProblem } from './matching'

function checkRule(input: RuleInput, existing: ConversationRuleRow | null) {
  const fields: Record<string, string[]> = {}
  const add = (k: string, m: string) => (fields[k] ??= []).push(m)
  let unsafe = false
  if (input.kind != null && !ruleKinds.includes(input.kind)) add('kind', 'Unknown rule kind')
  const kind = input.kind ?? existing?.kind
  const pattern = input.pattern ?? existing?.pattern
  if (!existing || input.pattern != null || input.kind != null) {
    if (!kind || pattern == null) add('pattern', 'A rule needs a keyword, phrase or regular expression')
    else {
      const p = patternProblem(kind, pattern)
      if (p) {
        add('pattern', p.message)
        unsafe ||= p.unsafe
      }
    }
  }
  if (!existing || input.answer != null) for (const p of templateProblems(input.answer ?? '', CONVERSATION_VARIABLES)) add('answer', p)
  if (input.priority != null && (!Number.isInteger(input.priority) || input.priority < -1000 || input.priority > 1000)) {
    add('priority', 'A priority is -1000 to 1000')
  }
  for (const k of ['cooldownSeconds', 'userCooldownSeconds'] as const) {
    const v = input[k]
    if (v != null && (!Number.isInteger(v) || v < 0 || v > 86_400)) add(k, 'A cooldown is 0 to 86400 seconds')
  }
  if (input.permission != null && !commandPermissions.includes(input.permission)) add('permission', 'Unknown permission')
  if (Object.keys(fields).length) {
    if (unsafe && Object.keys(fields).length === 1) throw new AppError('REGEX_UNSAFE', fields.pattern!.join('; '), fields)
    throw bad(fields)
  }
}

const ruleValues = (input: RuleInput) => {
  const v: Partial<ConversationRuleRow> = {}
  if (input.kind != null) v.kind = input.kind
  if (input.pattern != null) v.pattern = input.pattern.trim()
  if (input.answer != null) v.answer = input.answer
  if (input.priority != null) v.priority = input.priority
  if (input.cooldownSeconds != null) v.cooldownSeconds = input.cooldownSeconds
  if (input.userCooldownSeconds != null) v.userCooldownSeconds = input.userCooldownSeconds
  if (input.permission != null) v.permission = input.permission
  if (input.enabled != null) v.enabled = input.enabled
  return v
}

export async function listRules({ db }: ConversationDeps, channelId: number): Promise<ConversationRuleRow[]> {
  return db
    .select()
    .from(conversationRules)
    .where(eq(conversationRules.channelId, channelId))
    .orderBy(desc(conversationRules.priority), asc(conversationRules.id))
}

/** Worker: the channel's enabled rules. */
export async function enabledRules(deps: ConversationDeps, channelId: number): Promise<ConversationRuleRow[]> {
  return (await enabledRulesOf(deps, [channelId])).get(channelId) ?? []
}

/** Worker: the enabled rules of many channels in one statement (a lease round's starts). */
export function enabledRulesOf({ db }: ConversationDeps, channelIds: readonly number[]): Promise<Map<number, ConversationRuleRow[]>> {
  return perChannel(channelIds, (ids) =>
    db
      .select()
      .from(conversationRules)
      .where(and(inIds(conversationRules.channelId, ids), eq(conversationRules.enabled, true))),
  )
}

/** What the channel's log keeps of a rule. */
const ruleEntry = (r: ConversationRuleRow) => ({ id: r.id, kind: r.kind, pattern: r.pattern, answer: r.answer, enabled: r.enabled })

async function ownedRule({ db, channels }: ConversationDeps, userId: number, id: number | string): Promise<ConversationRuleRow> {
  const n = Number(id)
  const [row] = Number.isSafeInteger(n) ? await db.select().from(conversationRules).where(eq(conversationRules.id, n)).limit(1) : []
  if (!row) throw new AppError('NOT_FOUND', 'Rule not found')
  await channels.access(userId, row.channelId, 'conversation', 'manage').catch((e: unknown) => {
    // A team member without the right hears so; anyone else cannot tell the rule exists.
    throw e instanceof AppError && e.code === 'FORBIDDEN' ? e : new AppError('NOT_FOUND', 'Rule not found')
  })
  return row
}

export async function createRule(deps: ConversationDeps, userId: number, channelId: number | string, input: RuleInput): Promise<ConversationRuleRow> {
  const channel = await deps.channels.access(userId, channelId, 'conversation', 'manage')
  checkRule(input, null)
  const values = ruleValues(input)
  const row = await deps.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(conversationRules)
      .where(eq(conversationRules.channelId, channel.id))
    if (n >= MAX_RULES) throw bad({ pattern: [`A channel has at most ${MAX_RULES} conversation rules`] })
    const [created] = await tx
      .insert(conversationRules)
      .values({ ...values, channelId: channel.id, kind: values.kind!, pattern: values.pattern!, answer: values.answer! })
      .returning()
    await deps.channels.audit(tx, { channelId: channel.id, actorId: userId, module: 'conversation', action: 'rule.create', after: ruleEntry(created!) })
    return created!
  })
  deps.changed(channel.id)
  return row
}

export async function updateRule(deps: ConversationDeps, userId: number, id: number | string, input: RuleInput): Promise<ConversationRuleRow> {
  const existing = await ownedRule(deps, userId, id)
  checkRule(input, existing)
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(conversationRules)
      .set({ ...ruleValues(input), updatedAt: deps.now() })
      .where(eq(conversationRules.id, existing.id))
      .returning()
    const entry = { channelId: existing.channelId, actorId: userId, module: 'conversation' as const, action: 'rule.update' }
    await deps.channels.audit(tx, { ...entry, before: ruleEntry(existing), after: ruleEntry(updated!) })
    return updated
  })
  deps.changed(existing.channelId)
  return row!
}

export async function deleteRule(deps: ConversationDeps, userId: number, id: number | string): Promise<boolean> {
  const existing = await ownedRule(deps, userId, id)
  await deps.db.transaction(async (tx) => {
    await tx.delete(conversationRules).where(eq(conversationRules.id, existing.id))
    await deps.channels.audit(tx, {
      channelId: existing.channelId,
      actorId: userId,
      module: 'conversation',
      action: 'rule.delete',
      before: ruleEntry(existing),
    })
  })
  deps.changed(existing.channelId)
  return true
}
