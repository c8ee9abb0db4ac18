import { type FormEvent, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { StyledTableWrap } from '../../../components/ui/table'
import { TextField } from '../../../components/ui/text-field'
import { ChannelQuotesDocument, CreateQuoteDocument, DeleteQuoteDocument, UpdateQuoteDocument } from '../graphql/quotes.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { fieldErrorsOf, needsGeneralMessage } from '../../../lib/error-code'
import { useErrorText } from '../../../lib/use-error-text'

/** The server's limit (quotes.service MAX_QUOTE_LENGTH); it judges, this only stops typing past it. */
const MAX_QUOTE = 400

interface Editing {
  id: string | null
  text: string
  game: string
}

const EMPTY: Editing = { id: null, text: '', game: '' }

/** A channel's quotes: the list (number, text, game, date, who added it), add, edit and delete with confirmation. */
export function QuotesSection({ channelId }: { channelId: string }) {
  const { t, i18n } = useTranslation('quotes')
  const errorText = useErrorText()
  const { data, loading, error, refetch } = useQuery(ChannelQuotesDocument, { variables: { channelId } })
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const [draft, setDraft] = useState<Editing>(EMPTY)
  const [deleting, setDeleting] = useState<{ id: string; number: number } | null>(null)
  const [create, created] = useMutation(CreateQuoteDocument)
  const [update, updated] = useMutation(UpdateQuoteDocument)
  const [remove, removed] = useMutation(DeleteQuoteDocument)
  const saveError = created.error ?? updated.error
  const fields = saveError ? fieldErrorsOf(saveError) : {}

  async function submit(e: FormEvent) {
    e.preventDefault()
    const input = { text: draft.text.trim(), game: draft.game.trim() || null }
    try {
      if (draft.id) await update({ variables: { id: draft.id, input } })
      else await create({ variables: { channelId, input } })
      setDraft(EMPTY)
      reload()
    } catch {
      // shown beside the fields
    }
  }

  async function confirmDelete() {
    if (!deleting) return
    const { id } = deleting
    setDeleting(null)
    try {
      await remove({ variables: { id } })
      if (draft.id === id) setDraft(EMPTY)
      reload()
    } catch {
      // shown above the list
    }
  }

  if (error && !data) return <ErrorState error={error} onRetry={reload} testId="quotes-error" />
  if (loading && !data) return <LoadingState testId="quotes-loading" />
  const quotes = data?.channel?.quotes ?? []
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  return (
    <>
      <StyledCard data-testid="quote-form">
        <h2>{draft.id ? t('form.editTitle') : t('form.addTitle')}</h2>
        <form onSubmit={(e) => void submit(e)}>
          <TextField
            label={t('form.text')}
            value={draft.text}
            maxLength={MAX_QUOTE}
            required
            errors={fields.text}
            onChange={(e) => setDraft({ ...draft, text: e.target.value })}
            data-testid="quote-text"
          />
          <TextField
            label={t('form.game')}
            hint={t('form.gameHint')}
            value={draft.game}
            maxLength={100}
            errors={fields.game}
            onChange={(e) => setDraft({ ...draft, game: e.target.value })}
            data-testid="quote-game"
          />
          {saveError && needsGeneralMessage(saveError, ['text', 'game']) ? <Alert>{errorText(saveError)}</Alert> : null}
          <Button type="submit" disabled={created.loading || updated.loading || !draft.text.trim()} data-testid="quote-save">
            {draft.id ? t('form.save') : t('form.add')}
          </Button>{' '}
          {draft.id ? (
            <Button variant="secondary" onClick={() => setDraft(EMPTY)}>
              {t('form.cancel')}
            </Button>
          ) : null}
        </form>
      </StyledCard>
      <StyledCard data-testid="quotes-list">
        <h2>{t('list.title', { count: quotes.length })}</h2>
        {removed.error ? <Alert>{errorText(removed.error)}</Alert> : null}
        {quotes.length === 0 ? (
          <EmptyState testId="quotes-empty">{t('list.empty')}</EmptyState>
        ) : (
          <StyledTableWrap>
            <table>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('list.text')}</th>
                  <th scope="col">{t('list.game')}</th>
                  <th scope="col">{t('list.added')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('list.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {quotes.map((q) => (
                  <tr key={q.id} data-testid="quote-row">
                    <td>{q.number}</td>
                    <td data-user-content>{q.text}</td>
                    <td data-user-content>{q.game ?? '—'}</td>
                    <td>
                      {date.format(new Date(q.createdAt as string))}
                      {q.addedBy ? ` · ${q.addedBy}` : ''}
                    </td>
                    <td>
                      <Button
                        variant="secondary"
                        aria-label={t('list.editQuote', { number: q.number })}
                        onClick={() => setDraft({ id: q.id, text: q.text, game: q.game ?? '' })}
                      >
                        {t('list.edit')}
                      </Button>{' '}
                      <Button
                        variant="danger"
                        aria-label={t('list.deleteQuote', { number: q.number })}
                        onClick={() => setDeleting({ id: q.id, number: q.number })}
                      >
                        {t('list.delete')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </StyledTableWrap>
        )}
      </StyledCard>
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        message={t('delete.message', { number: deleting?.number ?? 0 })}
        confirmLabel={t('list.delete')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        testId="quote-delete-dialog"
      />
    </>
  )
}
