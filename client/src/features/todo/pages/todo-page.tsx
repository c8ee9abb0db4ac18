import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useParams } from 'react-router-dom'
import styled from 'styled-components'
import { StyledFilterBar } from '../../../components/ui/form-grid'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { PageHeader } from '../../../components/ui/page-header'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextField } from '../../../components/ui/text-field'
import { useToast } from '../../../components/ui/toast-provider'
import type { TodoFilter, TodoSort, TodoTag, TodoTaskInput } from '../../../gql/types'
import {
  CreateTodoTaskDocument,
  DeleteTodoTaskDocument,
  type TodoTaskFieldsFragment,
  TodoTasksDocument,
  UpdateTodoTaskDocument,
} from '../graphql/todo.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { TAGS, TaskDialog } from '../components/task-dialog'

const FILTERS: TodoFilter[] = ['important', 'completed', 'deleted']
const SORTS: TodoSort[] = ['LATEST', 'TITLE_ASC', 'TITLE_DESC', 'ASSIGNEE', 'DUE_DATE']
const PER_PAGE = 20

const StyledLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  @media ${({ theme }) => theme.media.lgUp} {
    grid-template-columns: 14rem 1fr;
  }
`

const StyledNav = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  a {
    display: block;
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border-radius: ${({ theme }) => theme.radii.md};
    color: inherit;
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.link};
  }
`

const StyledToolbar = styled(StyledFilterBar)`
  margin-bottom: ${({ theme }) => theme.space.md};
`

const StyledTasks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.sm} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`

const StyledTitle = styled.span<{ $done: boolean }>`
  flex: 1;
  min-width: 10rem;
  text-decoration: ${({ $done }) => ($done ? 'line-through' : 'none')};
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

const StyledTag = styled.span`
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`

const StyledStar = styled.button<{ $on: boolean }>`
  border: 0;
  background: none;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme, $on }) => ($on ? theme.colors.warning : theme.colors.textMuted)};
  cursor: pointer;
  &:focus-visible {
    outline: ${({ theme }) => theme.sizes.focusRing} solid ${({ theme }) => theme.colors.focus};
  }
`

const StyledPager = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`

/** /apps/todo (and /apps/todo/:filter, /apps/todo/tag/:tag): tasks searched, filtered, sorted and paged by the server. */
export default function TodoPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('todo')
  const toast = useToast()
  const params = useParams<{ filter?: string; tag?: string }>()
  const filter = params.filter as TodoFilter | undefined
  const tag = params.tag as TodoTag | undefined
  const [q, setQ] = useState('')
  const [sortBy, setSortBy] = useState<TodoSort>('LATEST')
  const [editing, setEditing] = useState<TodoTaskFieldsFragment | 'new' | null>(null)
  const [deleting, setDeleting] = useState<TodoTaskFieldsFragment | null>(null)
  // Another filter, tag, search or sort starts again at page 1.
  const pageKey = `${filter}|${tag}|${q}|${sortBy}`
  const [paging, setPaging] = useState({ key: pageKey, page: 1 })
  const page = paging.key === pageKey ? paging.page : 1
  const setPage = (next: number) => setPaging({ key: pageKey, page: next })
  const invalid = (filter !== undefined && !FILTERS.includes(filter)) || (tag !== undefined && !TAGS.includes(tag))
  const list = useQuery(TodoTasksDocument, {
    variables: { q: q.trim() || null, filter: filter ?? null, tag: tag ?? null, sortBy, page, perPage: PER_PAGE },
    skip: invalid,
    fetchPolicy: 'cache-and-network',
  })
  const [create, created] = useMutation(CreateTodoTaskDocument)
  const [update, updated] = useMutation(UpdateTodoTaskDocument)
  const [remove, removed] = useMutation(DeleteTodoTaskDocument)
  if (invalid) return <Navigate to="/error-404" replace />
  const data = (list.data ?? list.previousData)?.todoTasks
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1
  const refetch = () => void list.refetch().catch(() => {})
  const fail = (error: unknown) => toast.show({ title: t('failed'), message: error instanceof Error ? error.message : undefined, variant: 'danger' })

  const patch = async (task: TodoTaskFieldsFragment, input: TodoTaskInput) => {
    try {
      await update({ variables: { id: task.id, input } })
      refetch()
    } catch (error) {
      fail(error)
    }
  }
  const save = async (input: TodoTaskInput) => {
    try {
      if (editing === 'new') await create({ variables: { input } })
      else if (editing) await update({ variables: { id: editing.id, input } })
      setEditing(null)
      toast.show({ title: t('saved'), variant: 'success' })
      refetch()
    } catch {
      // The dialog shows the field errors.
    }
  }
  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await remove({ variables: { id: deleting.id } })
      setDeleting(null)
      toast.show({ title: t('deleted'), variant: 'success' })
      refetch()
    } catch (error) {
      fail(error)
    }
  }
  const dateOf = (d: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`))
  const here = (path: string, active: boolean) => ({ to: path, 'aria-current': active ? ('page' as const) : undefined })

  return (
    <StyledStack data-testid="todo">
      <PageHeader
        title={title}
        subtitle={t('intro')}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="task-add">
            {t('add')}
          </Button>
        }
      />
      <StyledLayout>
        <Panel title={t('filters')}>
          <nav aria-label={t('filters')}>
            <StyledNav>
              <li>
                <Link {...here('/apps/todo', !filter && !tag)}>{t('all')}</Link>
              </li>
              {FILTERS.map((f) => (
                <li key={f}>
                  <Link {...here(`/apps/todo/${f}`, filter === f)}>{t(`filter.${f}`)}</Link>
                </li>
              ))}
            </StyledNav>
            <StyledNav aria-label={t('tagsHeading')}>
              {TAGS.map((x) => (
                <li key={x}>
                  <Link {...here(`/apps/todo/tag/${x}`, tag === x)}>{t(`tags.${x}`)}</Link>
                </li>
              ))}
            </StyledNav>
          </nav>
        </Panel>
        <Panel title={data ? t('total', { count: data.total }) : title} testId="task-list">
          <StyledToolbar>
            <TextField label={t('search')} type="search" name="q" value={q} onChange={(e) => setQ(e.target.value)} />
            <SelectField label={t('sort')} name="sortBy" value={sortBy} onChange={(e) => setSortBy(e.target.value as TodoSort)}>
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sorts.${s}`)}
                </option>
              ))}
            </SelectField>
          </StyledToolbar>
          {list.error && !data ? (
            <ErrorState error={list.error} onRetry={refetch} />
          ) : !data ? (
            <LoadingState />
          ) : data.tasks.length === 0 ? (
            <EmptyState>{t('empty')}</EmptyState>
          ) : (
            <StyledTasks>
              {data.tasks.map((task) => (
                <li key={task.id} data-testid="task-row">
                  <input
                    type="checkbox"
                    checked={task.isCompleted}
                    disabled={task.isDeleted}
                    aria-label={t('complete', { title: task.title })}
                    onChange={(e) => void patch(task, { isCompleted: e.target.checked })}
                  />
                  <StyledTitle $done={task.isCompleted}>
                    <span data-user-content>{task.title}</span>
                    <small>
                      {task.assignee?.fullName ?? t('unassigned')}
                      {task.dueDate ? ` · ${t('due', { date: dateOf(task.dueDate) })}` : ''}
                    </small>
                  </StyledTitle>
                  {task.tags.map((x) => (
                    <StyledTag key={x}>{t(`tags.${x}`)}</StyledTag>
                  ))}
                  <StyledStar
                    type="button"
                    $on={task.isImportant}
                    aria-pressed={task.isImportant}
                    aria-label={t('markImportant', { title: task.title })}
                    onClick={() => void patch(task, { isImportant: !task.isImportant })}
                  >
                    ★
                  </StyledStar>
                  {task.isDeleted ? (
                    <Button variant="secondary" onClick={() => void patch(task, { isDeleted: false })} disabled={updated.loading}>
                      {t('restore')}
                    </Button>
                  ) : (
                    <>
                      <Button variant="ghost" onClick={() => setEditing(task)}>
                        {t('edit')}
                      </Button>
                      <Button variant="ghost" onClick={() => setDeleting(task)}>
                        {t('delete')}
                      </Button>
                    </>
                  )}
                </li>
              ))}
            </StyledTasks>
          )}
          {data && pages > 1 ? (
            <StyledPager>
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('previous')}
              </Button>
              <span>{t('page', { page, pages })}</span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('next')}
              </Button>
            </StyledPager>
          ) : null}
        </Panel>
      </StyledLayout>
      {editing ? (
        <TaskDialog
          task={editing === 'new' ? null : editing}
          busy={created.loading || updated.loading}
          error={editing === 'new' ? created.error : updated.error}
          onSubmit={(input) => void save(input)}
          onClose={() => {
            created.reset()
            updated.reset()
            setEditing(null)
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        busy={removed.loading}
      />
    </StyledStack>
  )
}
