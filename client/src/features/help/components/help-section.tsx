import { type ReactNode, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { PageHeader } from '../../../components/ui/page-header'
import { useDebounced } from '../../../lib/use-debounced'
import { MAX_QUERY_LENGTH, SEARCH_DEBOUNCE_MS, useIsHelpAdmin } from '../lib'
import { EditToggle, HelpEditorPanel } from './help-editor'
import { SearchBox } from './search-box'
import { Can } from '../../../lib/ability-context'

export interface HelpSectionProps {
  section: 'faq' | 'knowledgeBase'
  title: string
  subtitle: ReactNode
  searchLabel: string
  searchTestId: string
  /** Above the header (breadcrumbs). */
  before?: ReactNode
  /** The results for the debounced search text ('' for none). */
  children: (q: string) => ReactNode
}

/**
 * The frame of the FAQ and the knowledge-base home: header, search field (debounced; the
 * server searches; ?q= fills it) and, for admins, the switch to the section's editor.
 */
export function HelpSection({ section, title, subtitle, searchLabel, searchTestId, before, children }: HelpSectionProps) {
  const isAdmin = useIsHelpAdmin()
  const [editing, setEditing] = useState(false)
  // ?q= (the navbar search opens a FAQ question so) starts the search with that text.
  const asked = useSearchParams()[0].get('q')?.slice(0, MAX_QUERY_LENGTH) ?? ''
  const [text, setText] = useState(asked)
  const [seen, setSeen] = useState(asked)
  if (asked !== seen) {
    setSeen(asked)
    if (asked) setText(asked)
  }
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS)
  return (
    <div aria-labelledby="page-title">
      {before}
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Can I="manage" a="Help">
            <EditToggle editing={editing} onToggle={() => setEditing((v) => !v)} />
          </Can>
        }
      />
      {editing && isAdmin ? (
        <HelpEditorPanel section={section} />
      ) : (
        <>
          <SearchBox label={searchLabel} value={text} onChange={setText} testId={searchTestId} />
          {children(q)}
        </>
      )}
    </div>
  )
}
