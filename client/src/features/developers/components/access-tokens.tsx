import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import { StyledTable, StyledTableWrap } from '../../../components/ui/table'
import { DevelopersPageDocument, RevokeAccessTokenDocument } from '../graphql/access-tokens.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useAbility } from '../../../lib/ability-context'
import { useErrorText } from '../../../lib/use-error-text'
import { CreateTokenDialog } from './create-token-dialog'

/** The caller's personal access tokens: made here (the secret shown once), listed with their last use, revoked at once. */
export function AccessTokens() {
  const { t, i18n } = useTranslation('developers')
  const errorText = useErrorText()
  const ability = useAbility()
  const { data, loading, error, refetch } = useQuery(DevelopersPageDocument, { fetchPolicy: 'cache-and-network' })
  const [revoke, revoking] = useMutation(RevokeAccessTokenDocument)
  const [creating, setCreating] = useState(false)
  const [revokingId, setRevokingId] = useState<string | null>(null)
  const [actionError, setActionError] = useState<unknown>(null)
  const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString(i18n.language) : t('tokens.never'))

  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} testId="tokens-error" />
  if (loading && !data) return <LoadingState testId="tokens-loading" />
  if (!data) return null
  const tokens = data.myAccessTokens
  const channelName = (id: string | null | undefined) => (id ? (data.channels.find((c) => c.id === id)?.displayName ?? id) : t('tokens.allChannels'))

  const confirmRevoke = async () => {
    if (!revokingId) return
    setActionError(null)
    try {
      await revoke({ variables: { id: revokingId } })
      await refetch()
    } catch (err) {
      setActionError(err)
    } finally {
      setRevokingId(null)
    }
  }

  return (
    <div data-testid="access-tokens">
      <p>{t('tokens.intro')}</p>
      {actionError ? <Alert>{errorText(actionError)}</Alert> : null}
      <Button onClick={() => setCreating(true)} data-testid="token-create">
        {t('tokens.create')}
      </Button>
      {tokens.length === 0 ? (
        <EmptyState testId="tokens-empty">{t('tokens.empty')}</EmptyState>
      ) : (
        <StyledTableWrap>
          <StyledTable>
            <thead>
              <tr>
                <th>{t('tokens.name')}</th>
                <th>{t('tokens.scopes')}</th>
                <th>{t('tokens.channel')}</th>
                <th>{t('tokens.expires')}</th>
                <th>{t('tokens.lastUsed')}</th>
                <th aria-label={t('tokens.actions')} />
              </tr>
            </thead>
            <tbody>
              {tokens.map((tk) => (
                <tr key={tk.id} data-testid="token-row" data-token-id={tk.id}>
                  <td data-user-content>
                    {tk.name} <code translate="no">{tk.hint}</code>
                  </td>
                  <td>
                    <code translate="no">{tk.scopes.join(' ')}</code>
                  </td>
                  <td data-user-content>{channelName(tk.channelId)}</td>
                  <td>{when(tk.expiresAt)}</td>
                  <td>
                    {when(tk.lastUsedAt)}
                    {tk.lastUsedAddress ? ` (${tk.lastUsedAddress})` : ''}
                  </td>
                  <td>
                    <Button variant="danger" onClick={() => setRevokingId(tk.id)} data-testid="token-revoke">
                      {t('tokens.revoke')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </StyledTable>
        </StyledTableWrap>
      )}
      <CreateTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => void refetch().catch(() => {})}
        scopes={data.accessTokenScopes}
        channels={data.channels}
        isAdmin={ability.can('manage', 'Admin')}
      />
      <ConfirmDialog
        open={revokingId !== null}
        title={t('tokens.revokeTitle')}
        message={t('tokens.revokeMessage')}
        confirmLabel={t('tokens.revoke')}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevokingId(null)}
        busy={revoking.loading}
      />
    </div>
  )
}
