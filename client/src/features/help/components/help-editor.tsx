import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button, StyledIconButton } from '../../../components/ui/button'
import { StyledCard } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Dialog } from '../../../components/ui/dialog'
import { DialogFormActions } from '../../../components/ui/dialog-form-actions'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { Icon } from '../../../components/ui/icon'
import { LoadingState } from '../../../components/ui/loading-state'
import { SelectField } from '../../../components/ui/select-field'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import {
  DeleteHelpEntryDocument,
  HelpEditorDocument,
  type HelpEditorFieldsFragment,
  MoveHelpEntryDocument,
  SaveHelpEntryDocument,
} from '../graphql/help.generated'
import type { HelpEntryKind, HelpLocale } from '../../../gql/types'
import { useMutation, useQuery } from '@apollo/client/react'
import { fieldErrorsOf, needsGeneralMessage } from '../../../lib/error-code'
import { LANGUAGE_NAMES } from '../../../lib/i18n'
import { useErrorText } from '../../../lib/use-error-text'
import { CHILD_KIND, HELP_LOCALES, HELP_QUERIES, useHelpLocale } from '../lib'

type Entry = HelpEditorFieldsFragment & { children?: HelpEditorFieldsFragment[] }
type Section = 'faq' | 'knowledgeBase'

const ICON_COLORS = ['text-primary', 'text-success', 'text-info', 'text-warning', 'text-danger'] as const

const StyledList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`

const StyledChildren = styled.ol`
  list-style: none;
  margin: ${({ theme }) => `${theme.space.md} 0 0`};
  padding: 0 0 0 ${({ theme }) => theme.space.xl};
`

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} 0`};

  span small {
    margin-left: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`

const StyledToolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space.lg};
`

const StyledLocale = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  margin: ${({ theme }) => `0 0 ${theme.space.lg}`};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};

  legend {
    padding: ${({ theme }) => `0 ${theme.space.xs}`};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`

/** The admin's switch between reading and editing the help centre. */
export function EditToggle({ editing, onToggle }: { editing: boolean; onToggle: () => void }) {
  const { t } = useTranslation('help')
  return (
    <Button variant={editing ? 'primary' : 'secondary'} aria-pressed={editing} onClick={onToggle} data-testid="help-edit-toggle">
      {editing ? t('editor.done') : t('editor.edit')}
    </Button>
  )
}

const titleOf = (entry: HelpEditorFieldsFragment, locale: HelpLocale) =>
  entry.translations.find((x) => x.locale === locale)?.title ?? entry.translations.find((x) => x.locale === 'en')?.title ?? entry.slug ?? entry.entryId

type Editing = { kind: HelpEntryKind; entry: HelpEditorFieldsFragment | null; parentId: string | null }

/** The admins' editor for one section (FAQ or knowledge base): add, edit, delete (confirmed), reorder. */
export function HelpEditorPanel({ section }: { section: Section }) {
  const { t } = useTranslation('help')
  const errorText = useErrorText()
  const locale = useHelpLocale()
  const { data, loading, error, refetch } = useQuery(HelpEditorDocument, { fetchPolicy: 'cache-and-network' })
  const refetchQueries = { refetchQueries: HELP_QUERIES, awaitRefetchQueries: true }
  const [moveEntry, { loading: moving }] = useMutation(MoveHelpEntryDocument, refetchQueries)
  const [deleteEntry, { loading: deleting }] = useMutation(DeleteHelpEntryDocument, refetchQueries)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [removing, setRemoving] = useState<HelpEditorFieldsFragment | null>(null)
  const [actionError, setActionError] = useState<unknown>(null)
  const categoryKind: HelpEntryKind = section === 'faq' ? 'faqCategory' : 'kbCategory'

  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} testId="help-editor-error" />
  if (loading && !data) return <LoadingState testId="help-editor-loading" />
  const categories: Entry[] = data?.helpEditor[section] ?? []

  async function run(action: () => Promise<unknown>) {
    setActionError(null)
    try {
      await action()
    } catch (e) {
      setActionError(e)
    }
  }

  const controls = (entry: HelpEditorFieldsFragment, index: number, count: number, parentId: string | null) => (
    <StyledActions>
      <StyledIconButton
        type="button"
        aria-label={t('editor.moveUp', { title: titleOf(entry, locale) })}
        disabled={index === 0 || moving}
        onClick={() => void run(() => moveEntry({ variables: { kind: entry.kind, id: entry.entryId, direction: 'up' } }))}
      >
        <Icon name="arrowUp" small />
      </StyledIconButton>
      <StyledIconButton
        type="button"
        aria-label={t('editor.moveDown', { title: titleOf(entry, locale) })}
        disabled={index === count - 1 || moving}
        onClick={() => void run(() => moveEntry({ variables: { kind: entry.kind, id: entry.entryId, direction: 'down' } }))}
      >
        <Icon name="chevronDown" small />
      </StyledIconButton>
      <Button variant="secondary" onClick={() => setEditing({ kind: entry.kind, entry, parentId })} data-testid={`help-edit-${entry.kind}-${entry.entryId}`}>
        {t('editor.editEntry')}
      </Button>
      <Button variant="danger" onClick={() => setRemoving(entry)} data-testid={`help-delete-${entry.kind}-${entry.entryId}`}>
        {t('editor.delete')}
      </Button>
    </StyledActions>
  )

  return (
    <StyledCard data-testid={`help-editor-${section}`}>
      <StyledToolbar>
        <Button onClick={() => setEditing({ kind: categoryKind, entry: null, parentId: null })} data-testid="help-add-category">
          {t('editor.addCategory')}
        </Button>
      </StyledToolbar>
      {actionError ? <Alert>{errorText(actionError)}</Alert> : null}
      {categories.length === 0 ? <EmptyState testId="help-editor-empty">{t('editor.empty')}</EmptyState> : null}
      <StyledList>
        {categories.map((category, i) => {
          const childKind = category.kind === 'faqCategory' ? 'faqQuestion' : 'kbArticle'
          const children = category.children ?? []
          return (
            <li key={category.entryId} data-testid="help-editor-category">
              <StyledRow>
                <strong>
                  {titleOf(category, locale)} <small>{category.slug}</small>
                </strong>
                {controls(category, i, categories.length, null)}
              </StyledRow>
              <StyledChildren>
                {children.map((child, j) => (
                  <li key={child.entryId} data-testid="help-editor-entry">
                    <StyledRow>
                      <span>
                        {titleOf(child, locale)}
                        {child.slug ? <small>{child.slug}</small> : null}
                      </span>
                      {controls(child, j, children.length, category.entryId)}
                    </StyledRow>
                  </li>
                ))}
                <li>
                  <Button
                    variant="ghost"
                    onClick={() => setEditing({ kind: childKind, entry: null, parentId: category.entryId })}
                    data-testid={`help-add-${childKind}-${category.entryId}`}
                  >
                    {t(`editor.add.${childKind}`)}
                  </Button>
                </li>
              </StyledChildren>
            </li>
          )
        })}
      </StyledList>

      <Dialog open={editing !== null} title={editing ? t(`editor.title.${editing.kind}`) : ''} onClose={() => setEditing(null)} testId="help-entry-dialog">
        {editing ? <EntryForm editing={editing} categories={categories} locale={locale} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('editor.deleteTitle')}
        message={removing ? t(CHILD_KIND[removing.kind] ? 'editor.deleteCategoryMessage' : 'editor.deleteMessage', { title: titleOf(removing, locale) }) : ''}
        confirmLabel={t('editor.delete')}
        busy={deleting}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const target = removing
          setRemoving(null)
          if (target) void run(() => deleteEntry({ variables: { kind: target.kind, id: target.entryId } }))
        }}
      />
    </StyledCard>
  )
}

type Texts = Record<HelpLocale, { title: string; body: string }>

function EntryForm({ editing, categories, locale, onDone }: { editing: Editing; categories: Entry[]; locale: HelpLocale; onDone: () => void }) {
  const { t } = useTranslation('help')
  const errorText = useErrorText()
  const { kind, entry } = editing
  const [save, { loading, error }] = useMutation(SaveHelpEntryDocument, { refetchQueries: HELP_QUERIES, awaitRefetchQueries: true })
  const [slug, setSlug] = useState(entry?.slug ?? '')
  const [icon, setIcon] = useState(entry?.icon ?? '')
  const [iconColor, setIconColor] = useState(entry?.iconColor ?? 'text-primary')
  const [img, setImg] = useState(entry?.img ?? '')
  const [categoryId, setCategoryId] = useState(editing.parentId ?? categories[0]?.entryId ?? '')
  const [texts, setTexts] = useState<Texts>(() => {
    const out = {} as Texts
    for (const l of HELP_LOCALES) {
      const found = entry?.translations.find((x) => x.locale === l)
      out[l] = { title: found?.title ?? '', body: found?.body ?? '' }
    }
    return out
  })
  const fields = fieldErrorsOf(error)
  const isCategory = kind === 'faqCategory' || kind === 'kbCategory'
  const hasSlug = kind !== 'faqQuestion'
  const shownFields = ['key', 'slug', 'icon', 'iconColor', 'img', 'categoryId']

  async function submit(event: FormEvent) {
    event.preventDefault()
    const translations = HELP_LOCALES.filter((l) => l === 'en' || texts[l].title.trim() !== '').map((l) => ({ locale: l, ...texts[l] }))
    const input =
      kind === 'faqCategory'
        ? { key: slug, icon: icon || undefined, translations }
        : kind === 'kbCategory'
          ? { slug, icon: icon || undefined, iconColor, img: img || undefined, translations }
          : kind === 'kbArticle'
            ? { slug, categoryId, translations }
            : { categoryId, translations }
    try {
      await save({ variables: { kind, id: entry?.entryId ?? null, input } })
      onDone()
    } catch {
      /* shown below */
    }
  }

  const setText = (l: HelpLocale, part: 'title' | 'body', value: string) => setTexts((prev) => ({ ...prev, [l]: { ...prev[l], [part]: value } }))

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="help-entry-form">
      {error && needsGeneralMessage(error, shownFields) ? <Alert testId="help-entry-error">{errorText(error)}</Alert> : null}
      {hasSlug ? (
        <TextField
          label={kind === 'faqCategory' ? t('editor.key') : t('editor.slug')}
          hint={t('editor.slugHint')}
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          errors={fields[kind === 'faqCategory' ? 'key' : 'slug']}
          required
          data-autofocus
          data-testid="help-entry-slug"
        />
      ) : null}
      {isCategory ? (
        <TextField label={t('editor.icon')} hint={t('editor.iconHint')} value={icon} onChange={(e) => setIcon(e.target.value)} errors={fields.icon} />
      ) : (
        <SelectField
          label={t('editor.category')}
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
          errors={fields.categoryId}
          data-testid="help-entry-category"
        >
          {categories.map((c) => (
            <option key={c.entryId} value={c.entryId}>
              {titleOf(c, locale)}
            </option>
          ))}
        </SelectField>
      )}
      {kind === 'kbCategory' ? (
        <>
          <SelectField label={t('editor.iconColor')} value={iconColor} onChange={(e) => setIconColor(e.target.value)} errors={fields.iconColor}>
            {ICON_COLORS.map((c) => (
              <option key={c} value={c}>
                {t(`editor.colors.${c}`)}
              </option>
            ))}
          </SelectField>
          <TextField label={t('editor.img')} hint={t('editor.imgHint')} value={img} onChange={(e) => setImg(e.target.value)} errors={fields.img} />
        </>
      ) : null}
      {HELP_LOCALES.map((l) => (
        <StyledLocale key={l} data-testid={`help-entry-locale-${l}`}>
          <legend>
            {l === 'en' ? t('editor.localeRequired', { language: LANGUAGE_NAMES[l] }) : t('editor.localeOptional', { language: LANGUAGE_NAMES[l] })}
          </legend>
          <TextField
            label={t(`editor.titleLabel.${kind}`)}
            value={texts[l].title}
            onChange={(e) => setText(l, 'title', e.target.value)}
            required={l === 'en'}
            data-testid={`help-entry-title-${l}`}
          />
          <TextAreaField
            label={t(`editor.bodyLabel.${kind}`)}
            hint={kind === 'kbArticle' ? t('editor.markdownHint') : undefined}
            rows={kind === 'kbArticle' ? 8 : 3}
            value={texts[l].body}
            onChange={(e) => setText(l, 'body', e.target.value)}
            data-testid={`help-entry-body-${l}`}
          />
        </StyledLocale>
      ))}
      <DialogFormActions submitLabel={t('editor.save')} onCancel={onDone} busy={loading} submitTestId="help-entry-save" />
    </form>
  )
}
