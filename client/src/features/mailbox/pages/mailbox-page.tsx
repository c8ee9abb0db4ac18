import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { Dialog, StyledDialogActions } from '../../../components/ui/dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { MultiSelect } from '../../../components/ui/multi-select'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledStack } from '../../../components/ui/stack'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import {
  ComposeEmailDocument,
  type EmailFieldsFragment,
  EmailRecipientsDocument,
  EmailsDocument,
  ToggleEmailsLabelDocument,
  UpdateEmailsDocument,
} from '../graphql/mailbox.generated'
import type { EmailFolder, EmailLabel } from '../../../gql/types'
import { useMutation, useQuery } from '@apollo/client/react'
import { apiFetch } from '../../../lib/api-fetch'
import { useFormatters } from '../../../lib/format'
import { readAsDataUrl } from '../../../lib/read-file'

const FOLDERS = ['inbox', 'sent', 'draft', 'spam', 'trash', 'starred'] as const
type View = (typeof FOLDERS)[number]
const LABELS: EmailLabel[] = ['private', 'company', 'important', 'personal']

const StyledLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: minmax(10rem, 14rem) 1fr;
`
const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`
const StyledRow = styled.button<{ $unread: boolean }>`
  width: 100%;
  text-align: left;
  font-weight: ${({ $unread }) => ($unread ? 700 : 400)};
  background: transparent;
  color: inherit;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.sm};
  cursor: pointer;
`
const StyledBody = styled.iframe`
  width: 100%;
  min-height: 16rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: white;
`

const toBase64 = async (file: File) => (await readAsDataUrl(file)).replace(/^data:[^,]*,/, '')

async function download(url: string, fileName: string) {
  const res = await apiFetch(url)
  if (!res.ok) return
  const href = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = href
  a.download = fileName
  a.click()
  URL.revokeObjectURL(href)
}

interface Draft {
  to: string[]
  cc: string[]
  bcc: string[]
  subject: string
  /** Plain text; sent as paragraphs of escaped HTML. */
  message: string
  /** The stored draft this one continues (replaced when saved or sent). */
  draftId?: string
}

const EMPTY_DRAFT: Draft = { to: [], cc: [], bcc: [], subject: '', message: '' }

const escapeHtml = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)
const toHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')

/** The text of a (sanitized) HTML body, paragraphs and line breaks kept: for drafts, replies and forwards. */
function toText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '</p>\n\n'), 'text/html')
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim()
}

/** A multiple choice of the people one may write to (emailRecipients), found by name. */
function RecipientPicker({ label, name, value, onChange }: { label: string; name: string; value: string[]; onChange: (emails: string[]) => void }) {
  const { t } = useTranslation('mailbox')
  const [filter, setFilter] = useState('')
  const recipients = useQuery(EmailRecipientsDocument, { variables: { q: filter || null } })
  const options = (recipients.data?.emailRecipients ?? []).map((r) => ({ value: r.email, label: r.name }))
  return (
    <MultiSelect
      label={label}
      name={name}
      options={options}
      value={value}
      onChange={onChange}
      search={{ label: t('findPerson'), placeholder: t('pickRecipient'), value: filter, onChange: setFilter }}
      empty={recipients.loading ? t('loadingRecipients') : t('noRecipients')}
      testId={`recipients-${name}`}
    />
  )
}

function ComposeDialog({ initial, onClose, onSent }: { initial: Draft; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation('mailbox')
  const [to, setTo] = useState<string[]>(initial.to)
  const [cc, setCc] = useState<string[]>(initial.cc)
  const [bcc, setBcc] = useState<string[]>(initial.bcc)
  const [subject, setSubject] = useState(initial.subject)
  const [message, setMessage] = useState(initial.message)
  const [files, setFiles] = useState<File[]>([])
  const [compose, { loading, error }] = useMutation(ComposeEmailDocument)
  const submit = async (draft: boolean) => {
    const attachments = await Promise.all(
      files.map(async (f) => ({ fileName: f.name, contentType: f.type || 'application/octet-stream', data: await toBase64(f) })),
    )
    const input = { to, cc, bcc, subject, message: toHtml(message), attachments, draft, draftId: initial.draftId ?? null }
    const res = await compose({ variables: { input } }).catch(() => null)
    if (res?.data) onSent()
  }
  return (
    <Dialog open title={initial.draftId ? t('editDraft') : t('compose')} onClose={onClose} busy={loading} testId="compose-dialog">
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault()
          void submit(false)
        }}
      >
        <RecipientPicker label={t('to')} name="to" value={to} onChange={setTo} />
        <RecipientPicker label={t('cc')} name="cc" value={cc} onChange={setCc} />
        <RecipientPicker label={t('bcc')} name="bcc" value={bcc} onChange={setBcc} />
        <TextField label={t('subject')} name="subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
        <TextAreaField label={t('message')} name="message" rows={8} value={message} onChange={(e) => setMessage(e.target.value)} />
        <label>
          {t('attachments')}
          <input type="file" name="attachments" multiple accept=".pdf,.png,.jpg,.jpeg,.gif,.txt,.csv" onChange={(e) => setFiles([...(e.target.files ?? [])])} />
        </label>
        {error ? <ErrorState error={error} /> : null}
        <StyledDialogActions>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button variant="secondary" onClick={() => void submit(true)}>
            {t('saveDraft')}
          </Button>
          <Button type="submit" disabled={loading}>
            {t('send')}
          </Button>
        </StyledDialogActions>
      </form>
    </Dialog>
  )
}

/** /apps/email: the signed-in user's mailbox (folders, search, read, compose). */
export default function MailboxPage({ title }: { title: string }) {
  const { t } = useTranslation('mailbox')
  const format = useFormatters()
  const [view, setView] = useState<View>('inbox')
  const [q, setQ] = useState('')
  const [label, setLabel] = useState<EmailLabel | null>(null)
  const [open, setOpen] = useState<EmailFieldsFragment | null>(null)
  const [composing, setComposing] = useState<Draft | null>(null)
  const { data, loading, error, refetch } = useQuery(EmailsDocument, {
    variables: { q: q || null, folder: view === 'starred' ? null : (view as EmailFolder), starred: view === 'starred', label },
    fetchPolicy: 'cache-and-network',
  })
  const [update] = useMutation(UpdateEmailsDocument)
  const [toggleLabel] = useMutation(ToggleEmailsLabelDocument)
  const meta = data?.emails.emailsMeta
  const emails = data?.emails.emails ?? []
  const change = async (e: EmailFieldsFragment, set: { folder?: EmailFolder; isRead?: boolean; isStarred?: boolean }) => {
    await update({ variables: { ids: [e.id], ...set } })
    await refetch()
  }
  const read = (e: EmailFieldsFragment) => {
    setOpen(e)
    if (!e.isRead) void change(e, { isRead: true })
  }
  const count = (f: View) => (f === 'inbox' || f === 'draft' || f === 'spam' ? (meta?.[f] ?? 0) : 0)

  return (
    <StyledStack data-testid="mailbox">
      <PageHeader
        title={title}
        subtitle={t('intro')}
        actions={
          <Button onClick={() => setComposing(EMPTY_DRAFT)} data-testid="compose">
            {t('compose')}
          </Button>
        }
      />
      <StyledLayout>
        <nav aria-label={title}>
          <StyledList>
            {FOLDERS.map((f) => (
              <li key={f}>
                <Button
                  variant={view === f && !label ? 'primary' : 'ghost'}
                  block
                  aria-current={view === f && !label ? 'page' : undefined}
                  onClick={() => (setView(f), setLabel(null), setOpen(null))}
                >
                  {t(`folders.${f}`)}
                  {count(f) > 0 ? ` (${count(f)})` : ''}
                </Button>
              </li>
            ))}
            {LABELS.map((l) => (
              <li key={l}>
                <Button variant={label === l ? 'primary' : 'ghost'} block onClick={() => (setLabel(l), setOpen(null))}>
                  {t(`labels.${l}`)}
                </Button>
              </li>
            ))}
          </StyledList>
        </nav>
        <section>
          {open ? (
            <article data-testid="email-view">
              <Button variant="ghost" onClick={() => setOpen(null)}>
                {t('back')}
              </Button>
              <h2 data-user-content>{open.subject}</h2>
              <p>
                {t('from')}: {open.from.name} &lt;{open.from.email}&gt; · {format.dateTime(open.time)}
              </p>
              {open.to.length ? (
                <p>
                  {t('to')}: {open.to.map((a) => a.name).join(', ')}
                </p>
              ) : null}
              {open.cc.length ? (
                <p data-testid="email-cc">
                  {t('cc')}: {open.cc.map((a) => a.name).join(', ')}
                </p>
              ) : null}
              {open.bcc.length ? (
                <p>
                  {t('bcc')}: {open.bcc.map((a) => a.name).join(', ')}
                </p>
              ) : null}
              {/* Sanitized on the server; the sandbox (no allow-scripts) keeps any script from running. */}
              <StyledBody title={open.subject} sandbox="" srcDoc={open.message} />
              <ul>
                {open.attachments.map((a) => (
                  <li key={a.url}>
                    <Button variant="secondary" onClick={() => void download(a.url, a.fileName)}>
                      {a.fileName} ({Math.ceil(a.size / 1024)} KB)
                    </Button>
                  </li>
                ))}
              </ul>
              {open.folder === 'draft' ? (
                <Button
                  onClick={() =>
                    setComposing({
                      to: open.to.map((a) => a.email),
                      cc: open.cc.map((a) => a.email),
                      bcc: open.bcc.map((a) => a.email),
                      subject: open.subject,
                      message: toText(open.message),
                      draftId: open.id,
                    })
                  }
                >
                  {t('editDraft')}
                </Button>
              ) : (
                <>
                  <Button onClick={() => setComposing({ ...EMPTY_DRAFT, to: [open.from.email], subject: `Re: ${open.subject}` })}>{t('reply')}</Button>{' '}
                  <Button
                    variant="secondary"
                    onClick={() =>
                      setComposing({
                        ...EMPTY_DRAFT,
                        subject: `Fwd: ${open.subject}`,
                        message: `\n\n${t('forwarded', { from: `${open.from.name} <${open.from.email}>`, subject: open.subject })}\n\n${toText(open.message)}`,
                      })
                    }
                  >
                    {t('forward')}
                  </Button>
                </>
              )}{' '}
              <Button
                variant="secondary"
                onClick={() => void change(open, { isStarred: !open.isStarred }).then(() => setOpen({ ...open, isStarred: !open.isStarred }))}
              >
                {open.isStarred ? t('unstar') : t('star')}
              </Button>{' '}
              {LABELS.map((l) => (
                <Button
                  key={l}
                  variant={open.labels.includes(l) ? 'primary' : 'ghost'}
                  aria-pressed={open.labels.includes(l)}
                  onClick={() =>
                    void toggleLabel({ variables: { ids: [open.id], label: l } }).then(async () => {
                      await refetch()
                      setOpen({ ...open, labels: open.labels.includes(l) ? open.labels.filter((x) => x !== l) : [...open.labels, l] })
                    })
                  }
                >
                  {t(`labels.${l}`)}
                </Button>
              ))}{' '}
              <Button variant="danger" onClick={() => void change(open, { folder: open.folder === 'trash' ? 'inbox' : 'trash' }).then(() => setOpen(null))}>
                {open.folder === 'trash' ? t('toInbox') : t('toTrash')}
              </Button>
            </article>
          ) : (
            <>
              <TextField label={t('search')} name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
              {error ? (
                <ErrorState error={error} onRetry={() => void refetch()} />
              ) : loading && !data ? (
                <LoadingState />
              ) : emails.length === 0 ? (
                <EmptyState>{t('empty')}</EmptyState>
              ) : (
                <StyledList data-testid="email-list">
                  {emails.map((e) => (
                    <li key={e.id}>
                      <StyledRow type="button" $unread={!e.isRead} onClick={() => read(e)}>
                        {e.isStarred ? '★ ' : ''}
                        {view === 'sent' || view === 'draft' ? e.to.map((x) => x.name).join(', ') : e.from.name} — <span data-user-content>{e.subject}</span>
                        {e.attachments.length ? ' 📎' : ''}
                      </StyledRow>
                    </li>
                  ))}
                </StyledList>
              )}
            </>
          )}
        </section>
      </StyledLayout>
      {composing ? <ComposeDialog initial={composing} onClose={() => setComposing(null)} onSent={() => (setComposing(null), void refetch())} /> : null}
    </StyledStack>
  )
}
