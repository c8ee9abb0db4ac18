import type { ApolloCache } from '@apollo/client'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../../components/ui/toast-provider'
import { useErrorText } from '../../../../lib/use-error-text'

/** A delete mutation's `update`: the object leaves the cache, so it leaves every list at once. */
export function evictFromCache(typename: 'ChatCommand' | 'ChatTimer', id: string) {
  return (cache: ApolloCache) => {
    cache.evict({ id: cache.identify({ __typename: typename, id }) })
    cache.gc()
  }
}

export interface AutomationItemsOptions<T> {
  remove: (item: T) => Promise<unknown>
  deletedTitle: (item: T) => string
  savedTitle: (item: T) => string
  onChanged: () => void
}

/**
 * The shared life of a channel's commands or timers on /pages/chatlist: which one is being
 * edited (null: a new one) in the dialog, which one waits for "delete?", and the toasts
 * that say how it went.
 */
export function useAutomationItems<T>({ remove, deletedTitle, savedTitle, onChanged }: AutomationItemsOptions<T>) {
  const { t } = useTranslation('assistant')
  const toast = useToast()
  const errorText = useErrorText()
  const [editing, setEditing] = useState<{ item: T | null } | null>(null)
  const [busy, setBusy] = useState(false)
  const [deleting, setDeleting] = useState<T | null>(null)

  /** A switch in a row could not be saved (the optimistic value is rolled back). */
  function saveFailed(error: unknown) {
    toast.show({ variant: 'danger', title: t('common.saveFailed'), message: errorText(error) })
  }

  function saved(item: T) {
    setEditing(null)
    toast.show({ variant: 'success', title: savedTitle(item) })
    onChanged()
  }

  async function confirmDelete() {
    if (!deleting) return
    const item = deleting
    try {
      await remove(item)
      toast.show({ variant: 'success', title: deletedTitle(item) })
      onChanged()
    } catch (error) {
      toast.show({ variant: 'danger', title: t('common.deleteFailed'), message: errorText(error) })
    } finally {
      setDeleting(null)
    }
  }

  return { editing, setEditing, busy, setBusy, deleting, setDeleting, saveFailed, saved, confirmDelete }
}
