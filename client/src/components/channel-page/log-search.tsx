import { type FormEvent, useState } from 'react'
import { Button } from '../ui/button'
import { TextField } from '../ui/text-field'

/**
 * The search over a channel's log (the conversation bot's answers, the moderation log): a
 * search field whose button (or Enter) hands the trimmed text to `onSearch`; the page starts
 * again at its first page.
 */
export function LogSearch({ label, findLabel, onSearch, testId }: { label: string; findLabel: string; onSearch: (text: string) => void; testId?: string }) {
  const [draft, setDraft] = useState('')
  function submit(e: FormEvent) {
    e.preventDefault()
    onSearch(draft.trim())
  }
  return (
    <form onSubmit={submit} role="search">
      <TextField
        label={label}
        value={draft}
        maxLength={100}
        onChange={(e) => setDraft(e.target.value)}
        addon={
          <Button type="submit" variant="secondary">
            {findLabel}
          </Button>
        }
        data-testid={testId}
      />
    </form>
  )
}
