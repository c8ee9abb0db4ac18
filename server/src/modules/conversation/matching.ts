import { isAppError } from '../../errors'
import type { ChatRole } from '../../platforms/types'
import { compileRegex, compileWords, normalizeText, type SafePattern } from '../../text/safe-pattern'
import { permits } from '../commands/permission'
import type { ConversationRuleRow, RuleKind } from './conversation.tables'

/**
 * How long the rules of one message may take together, in CPU time of the thread matching them.
 * Each rule is linear in the message's length (safe-pattern.ts); this second guard bounds a
 * channel with many heavy expressions: past it the remaining rules are skipped for this message.
 */
export const MATCH_BUDGET_MS = 5

/**
 * This thread's CPU time in ms: what the rules cost, not the wall clock, which on a busy machine
 * also counts the time the process waited for a core (a line of a few cheap rules was skipped
 * that way). The wall clock where Node has no per-thread figure.
 */
export const threadCpuMs: () => number =
  typeof process.threadCpuUsage === 'function'
    ? () => {
        const { user, system } = process.threadCpuUsage()
        return (user + system) / 1000
      }
    : () => performance.now()

/** The compiled form of a rule's pattern (keyword and phrase: whole words, any case, any script). Throws a coded AppError. */
export function compilePattern(kind: RuleKind, pattern: string): SafePattern {
  return kind === 'regex' ? compileRegex(pattern) : compileWords(pattern)
}

/** Does the message contain the rule's keyword, phrase or expression? */
export function matchesRule(rule: Pick<ConversationRuleRow, 'kind' | 'pattern'>, message: string, compiled = compilePattern(rule.kind, rule.pattern)): boolean {
  return compiled.test(normalizeText(message))
}

/** Why a rule's pattern cannot be saved; null when it is fine. `unsafe`: too complex for the engine (REGEX_UNSAFE). */
export function patternProblem(kind: RuleKind, pattern: string): { message: string; unsafe: boolean } | null {
  if (kind === 'keyword' && /\s/u.test(pattern.trim())) return { message: 'A keyword is one word; use a phrase for several', unsafe: false }
  try {
    compilePattern(kind, pattern)
    return null
  } catch (e) {
    if (isAppError(e)) return { message: e.message, unsafe: e.code === 'REGEX_UNSAFE' }
    throw e
  }
}

/** Per-rule cooldowns (anyone, and per viewer), in memory per channel like the commands' ones. */
export class Cooldowns {
  /** Made with the first rule taken: a bot whose rules never answer holds none. */
  private last: Map<string, number> | null = null

  /** Is the rule free for this viewer at `t`? When it is, takes it (starts both cooldowns). */
  take(rule: Pick<ConversationRuleRow, 'id' | 'cooldownSeconds' | 'userCooldownSeconds'>, viewerId: string, t: number): boolean {
    const any = `c:${rule.id}`
    const mine = `u:${rule.id}:${viewerId}`
    const last = (this.last ??= new Map())
    const lastAny = last.get(any)
    const lastMine = last.get(mine)
    if (lastAny !== undefined && t - lastAny < rule.cooldownSeconds * 1000) return false
    if (lastMine !== undefined && t - lastMine < rule.userCooldownSeconds * 1000) return false
    if (last.size > 10_000) last.clear()
    last.set(any, t)
    if (rule.userCooldownSeconds > 0) last.set(mine, t)
    return true
  }
}

export interface CompiledRule {
  rule: ConversationRuleRow
  re: SafePattern
}

/**
 * A line of several scripts, digits, punctuation and emoji: each compiled rule is tried on it
 * once, so that the engine's lazily built states and the JIT's first runs (several ms for a new
 * pattern) are paid at reload and not charged to a viewer's message against the budget.
 */
const WARM_UP = normalizeText('Hallo @Bot, wann kommt der Stream? 123 привет こんにちは مرحبا 🎉 under_score!')

/**
 * Enabled rules, highest priority first (then oldest first), compiled once. A rule the engine
 * refuses (saved before it matched on RE2, e.g. with a back-reference) is left out and passed
 * to `onInvalid`: one row never fails a whole channel.
 */
export function compileRules(rules: ConversationRuleRow[], onInvalid: (rule: ConversationRuleRow, problem: string) => void = () => {}): CompiledRule[] {
  return rules
    .filter((r) => r.enabled)
    .sort((a, b) => b.priority - a.priority || a.id - b.id)
    .flatMap((rule) => {
      try {
        const re = compilePattern(rule.kind, rule.pattern)
        re.test(WARM_UP)
        return [{ rule, re }]
      } catch (e) {
        if (!isAppError(e)) throw e
        onInvalid(rule, e.message)
        return []
      }
    })
}

/**
 * The rule that decides for this message: the highest-priority matching rule the viewer may
 * trigger. `rule` null: none matched (the model may be asked). `answer` false: it matched but
 * is cooling down (silence, and the model is not asked). `skipped`: the rules took longer than
 * `budget.ms` (by `budget.clock`, this thread's CPU time) and this many were not tried (silence as well).
 */
export function decide(
  rules: CompiledRule[],
  message: string,
  viewer: { id: string; roles: ChatRole[] },
  cooldowns: Cooldowns,
  t: number,
  budget: { ms: number; clock: () => number } = { ms: MATCH_BUDGET_MS, clock: threadCpuMs },
): { rule: ConversationRuleRow | null; answer: boolean; skipped?: number } {
  const text = normalizeText(message)
  const started = budget.clock()
  for (const [i, { rule, re }] of rules.entries()) {
    if (i > 0 && budget.clock() - started > budget.ms) return { rule: null, answer: false, skipped: rules.length - i }
    if (!re.test(text)) continue
    if (!permits(viewer.roles, rule.permission)) continue
    return { rule, answer: cooldowns.take(rule, viewer.id, t) }
  }
  return { rule: null, answer: false }
}

/** Is the message addressed to the bot (mentions its login or display name, with or without @: "@" is no word character)? */
export function addressedTo(message: string, names: string[]): boolean {
  const text = normalizeText(message)
  return names
    .map((n) => normalizeText(n).replace(/^@/, ''))
    .filter(Boolean)
    .some((n) => compileWords(n).test(text))
}
