import { useTranslation } from 'react-i18next'
import type { Problem } from '../../lib/drafts'

/** Translates form problems (client checks) and appends the server's field messages. */
export function useFieldErrors() {
  const { t } = useTranslation('assistant')
  return (problems: readonly Problem[] | undefined, server: readonly string[] | undefined): string[] => [
    ...(problems ?? []).map((problem) => t(`problems.${problem.key}` as never, problem.values ?? {}) as string),
    ...(server ?? []),
  ]
}
