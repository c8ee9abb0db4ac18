/** The server's limit for the thank-you template (it checks it too). */
export const DEFAULT_MAX_TEMPLATE = 300

export type TemplateProblem = 'empty' | 'tooLong' | 'unknownVariable' | 'unclosed'

/** The first problem with a thank-you template, or null; the one variable is ${user}. */
export function templateProblem(text: string, max: number): TemplateProblem | null {
  const trimmed = text.trim()
  if (!trimmed) return 'empty'
  if (trimmed.length > max) return 'tooLong'
  const variables = /\$\{([^{}]*)\}/g
  if (trimmed.replace(variables, '').includes('${')) return 'unclosed'
  for (const m of trimmed.matchAll(variables)) if ((m[1] ?? '').trim() !== 'user') return 'unknownVariable'
  return null
}
