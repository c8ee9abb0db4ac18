import { type FormEvent, useState } from 'react'
import { fieldErrorsOf, needsGeneralMessage } from '../../../../lib/error-code'
import { useErrorText } from '../../../../lib/use-error-text'
import { type DraftProblems, hasProblems } from '../../lib/drafts'
import { useFieldErrors } from './use-problem-text'

export interface DraftFormOptions<D, F extends keyof D & string, S> {
  initial: D
  check: (draft: D) => DraftProblems<F>
  /** The fields the form shows: the server's messages for them go under the field. */
  fields: readonly F[]
  /** Creates or updates; answers what was saved. */
  save: (draft: D) => Promise<S | null | undefined>
  saving: boolean
  onBusy: (busy: boolean) => void
  onDone: (saved: S) => void
}

/**
 * The create / edit cycle of a command or timer: the draft as typed, the client checks
 * (mirroring the server's), and the server's answer — its field messages under their
 * fields, anything else as one failure line on top.
 */
export function useDraftForm<D, F extends keyof D & string, S>({ initial, check, fields, save, saving, onBusy, onDone }: DraftFormOptions<D, F, S>) {
  const errorText = useErrorText()
  const fieldErrors = useFieldErrors()
  const [draft, setDraft] = useState<D>(initial)
  const [problems, setProblems] = useState<DraftProblems<F>>({})
  const [serverFields, setServerFields] = useState<Record<string, string[]>>({})
  const [failure, setFailure] = useState<string | null>(null)

  function set<K extends F>(key: K, value: D[K]) {
    setDraft((current) => ({ ...current, [key]: value }))
    setProblems((current) => ({ ...current, [key]: undefined }))
    setServerFields((current) => ({ ...current, [key]: [] }))
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (saving) return
    setFailure(null)
    const found = check(draft)
    setProblems(found)
    setServerFields({})
    if (hasProblems(found)) return
    onBusy(true)
    try {
      const saved = await save(draft)
      if (saved) onDone(saved)
    } catch (error) {
      setServerFields(fieldErrorsOf(error))
      if (needsGeneralMessage(error, fields)) setFailure(errorText(error))
    } finally {
      onBusy(false)
    }
  }

  const errorsFor = (field: F) => fieldErrors(problems[field], serverFields[field])
  return { draft, set, errorsFor, failure, handleSubmit }
}
