import type { TFunction } from 'i18next'
import type { FieldProblem } from './validation'

/** The translated text of a client-side validation problem. */
export function problemText(t: TFunction<'accounts'>, problem: FieldProblem | undefined): string[] {
  return problem ? [t(`validation.${problem}`)] : []
}
