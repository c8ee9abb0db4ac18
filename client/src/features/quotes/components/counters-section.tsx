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
import { ChannelCountersDocument, DeleteChatCounterDocument, SetChatCounterDocument } from '../graphql/quotes.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { fieldErrorsOf, needsGeneralMessage } from '../../../lib/error-code'
import { useErrorText } from '../../../lib/use-error-text'
import { useCanManage } from '../../../components/channel-page/channel-access'

type Pending = { kind: 'reset' | 'delete'; id: string; name: string }

/** A channel's named counters (${counter deaths}): list, set a value, reset to 0 or delete (both confirmed), add one. */
export function CountersSection({ channelId }: { channelId: string }) {
  const { t } = useTranslation('quotes')
  const errorText = useErrorText()
  const { data, loading, error, refetch } = useQuery(ChannelCountersDocument, { variables: { channelId } })
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const [name, setName] = useState('')
  const [value, setValue] = useState('0')
  const [pending, setPending] = useState<Pending | null>(null)
  const [set, setState] = useMutation(SetChatCounterDocument)
  const [remove, removed] = useMutation(DeleteChatCounterDocument)
  const fields = setState.error ? fieldErrorsOf(setState.error) : {}
  // Counters are part of the commands module: a member who only views it reads them.
  const canManage = useCanManage('commands')

  async function add(e: FormEvent) {
    e.preventDefault()
    try {
      await set({ variables: { channelId, name: name.trim(), value: Number(value) } })
      setName('')
      setValue('0')
      reload()
    } catch {
      // shown beside the fields
    }
  }

  async function confirm() {
    if (!pending) return
    const p = pending
    setPending(null)
    try {
      if (p.kind === 'reset') await set({ variables: { channelId, name: p.name, value: 0 } })
      else await remove({ variables: { id: p.id } })
      reload()
    } catch {
      // shown above the list
    }
  }

  if (error && !data) return <ErrorState error={error} onRetry={reload} testId="counters-error" />
  if (loading && !data) return <LoadingState testId="counters-loading" />
  const counters = data?.channel?.counters ?? []
  return (
    <>
      {canManage ? (
        <StyledCard data-testid="counter-form">
          <h2>{t('counters.addTitle')}</h2>
          <p>{t('counters.intro')}</p>
          <form onSubmit={(e) => void add(e)}>
            <TextField
              label={t('counters.name')}
              value={name}
              maxLength={30}
              required
              errors={fields.name}
              onChange={(e) => setName(e.target.value)}
              data-testid="counter-name"
            />
            <TextField
              label={t('counters.value')}
              type="number"
              inputMode="numeric"
              value={value}
              errors={fields.value}
              onChange={(e) => setValue(e.target.value)}
              data-testid="counter-value"
            />
            {setState.error && needsGeneralMessage(setState.error, ['name', 'value']) ? <Alert>{errorText(setState.error)}</Alert> : null}
            <Button type="submit" disabled={setState.loading || !name.trim() || value.trim() === ''} data-testid="counter-save">
              {t('counters.save')}
            </Button>
          </form>
        </StyledCard>
      ) : null}
      <StyledCard data-testid="counters-list">
        <h2>{t('counters.title')}</h2>
        {removed.error ? <Alert>{errorText(removed.error)}</Alert> : null}
        {counters.length === 0 ? (
          <EmptyState testId="counters-empty">{t('counters.empty')}</EmptyState>
        ) : (
          <StyledTableWrap>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('counters.name')}</th>
                  <th scope="col">{t('counters.value')}</th>
                  {canManage ? (
                    <th scope="col">
                      <span className="visually-hidden">{t('list.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {counters.map((c) => (
                  <tr key={c.id} data-testid="counter-row">
                    <td data-user-content>{c.name}</td>
                    <td>{c.value}</td>
                    {canManage ? (
                      <td>
                        <Button
                          variant="secondary"
                          onClick={() => setPending({ kind: 'reset', id: c.id, name: c.name })}
                          aria-label={t('counters.resetOne', { name: c.name })}
                        >
                          {t('counters.reset')}
                        </Button>{' '}
                        <Button
                          variant="danger"
                          onClick={() => setPending({ kind: 'delete', id: c.id, name: c.name })}
                          aria-label={t('counters.deleteOne', { name: c.name })}
                        >
                          {t('list.delete')}
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </StyledTableWrap>
        )}
      </StyledCard>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'reset' ? t('counters.resetTitle') : t('counters.deleteTitle')}
        message={pending?.kind === 'reset' ? t('counters.resetMessage', { name: pending.name }) : t('counters.deleteMessage', { name: pending?.name ?? '' })}
        confirmLabel={pending?.kind === 'reset' ? t('counters.reset') : t('list.delete')}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
        testId="counter-confirm-dialog"
      />
    </>
  )
}
