import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StyledCheckGroup } from '../../../components/ui/check-group'
import { Dialog } from '../../../components/ui/dialog'
import { DialogFormActions } from '../../../components/ui/dialog-form-actions'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import type { TodoTag, TodoTaskInput } from '../../../gql/types'
import { TodoAssigneesDocument, type TodoTaskFieldsFragment } from '../graphql/todo.generated'
import { useQuery } from '@apollo/client/react'
import { fieldErrorsOf } from '../../../lib/error-code'

export const TAGS: TodoTag[] = ['team', 'low', 'medium', 'high', 'update']

/** Add or edit a task: title, due date, description, assignee (searchable), tags, important. */
export function TaskDialog({
  task,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  task: TodoTaskFieldsFragment | null
  busy: boolean
  error: unknown
  onSubmit: (input: TodoTaskInput) => void
  onClose: () => void
}) {
  const { t } = useTranslation('todo')
  const [title, setTitle] = useState(task?.title ?? '')
  const [dueDate, setDueDate] = useState(task?.dueDate ?? '')
  const [description, setDescription] = useState(task?.description ?? '')
  const [assigneeId, setAssigneeId] = useState(task?.assignee?.id ?? '')
  const [tags, setTags] = useState<TodoTag[]>(task?.tags ?? [])
  const [isImportant, setImportant] = useState(task?.isImportant ?? false)
  const [who, setWho] = useState('')
  const assignees = useQuery(TodoAssigneesDocument, { variables: { q: who.trim() || null } })
  const options = assignees.data?.todoAssignees ?? assignees.previousData?.todoAssignees ?? []
  const current = task?.assignee && !options.some((o) => o.id === task.assignee?.id) ? [task.assignee] : []
  const fields = fieldErrorsOf(error)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit({ title, dueDate: dueDate || null, description, assigneeId: assigneeId || null, tags, isImportant })
  }
  return (
    <Dialog open title={task ? t('editTitle') : t('newTitle')} onClose={onClose} busy={busy} testId="task-dialog">
      <form onSubmit={submit}>
        <StyledStack>
          <TextField
            label={t('title')}
            name="title"
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            errors={fields.title}
            data-autofocus
          />
          <TextField label={t('dueDate')} name="dueDate" type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} errors={fields.dueDate} />
          <TextField label={t('assigneeSearch')} name="assigneeSearch" type="search" value={who} onChange={(e) => setWho(e.target.value)} />
          <SelectField label={t('assignee')} name="assigneeId" value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)} errors={fields.assigneeId}>
            <option value="">{t('unassigned')}</option>
            {[...current, ...options].map((a) => (
              <option key={a.id} value={a.id}>
                {a.fullName}
              </option>
            ))}
          </SelectField>
          <StyledCheckGroup>
            <legend>{t('tagsHeading')}</legend>
            {TAGS.map((tag) => (
              <label key={tag}>
                <input
                  type="checkbox"
                  checked={tags.includes(tag)}
                  onChange={(e) => setTags((now) => (e.target.checked ? [...now, tag] : now.filter((x) => x !== tag)))}
                />
                {t(`tags.${tag}`)}
              </label>
            ))}
          </StyledCheckGroup>
          <StyledCheckGroup>
            <label>
              <input type="checkbox" name="isImportant" checked={isImportant} onChange={(e) => setImportant(e.target.checked)} />
              {t('important')}
            </label>
          </StyledCheckGroup>
          <TextAreaField
            label={t('description')}
            name="description"
            rows={3}
            maxLength={5000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            errors={fields.description}
          />
        </StyledStack>
        <DialogFormActions submitLabel={task ? t('save') : t('create')} onCancel={onClose} busy={busy} submitTestId="task-submit" />
      </form>
    </Dialog>
  )
}
