import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { useToast } from '../../../components/ui/toast-provider'
import { type AccountsLicenceFragment, AccountsLicencesDocument, type AccountsLicencesQueryVariables } from '../graphql/licences.generated'
import { AccountsRevokeLicenceDocument } from '../graphql/licence-actions.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'
import { useFormatters } from '../../../lib/format'
import { remainingOf } from '../lib/licence-time'
import { ACCOUNT_PATHS } from '../lib/paths'
import { useCursorPages } from '../lib/use-cursor-pages'
import { StyledCellStack, StyledMono, StyledMuted, StyledNowrap, StyledRowActions, StyledRowButton } from './data-table'
import { LicenceStatusBadge, RemainingDuration } from './licence-bits'
import { AssignLicenceDialog, ExtendLicenceDialog } from './licence-dialogs'
import { Pager } from './pager'
import { Can } from '../../../lib/ability-context'

export type LicenceFilters = Omit<AccountsLicencesQueryVariables, 'first' | 'after'>

/**
 * Licences in scope with their actions: assign (keys not yet active), extend and revoke
 * (with a confirmation). Newest first, keyset paged.
 */
export function LicenceTable({
  filters,
  pageSize = 20,
  canRevoke = true,
  emptyText,
  testId = 'licence-table',
}: {
  filters: LicenceFilters
  pageSize?: number
  canRevoke?: boolean
  emptyText: string
  testId?: string
}) {
  const { t } = useTranslation('accounts')
  const format = useFormatters()
  const toast = useToast()
  const errorText = useErrorText()
  // New filters start again at the first page.
  const paging = useCursorPages(pageSize, JSON.stringify(filters))
  const [assigning, setAssigning] = useState<AccountsLicenceFragment | null>(null)
  const [extending, setExtending] = useState<AccountsLicenceFragment | null>(null)
  const [revoking, setRevoking] = useState<AccountsLicenceFragment | null>(null)
  const [revoke, { loading: revokeBusy }] = useMutation(AccountsRevokeLicenceDocument)
  const { data, previousData, loading, error, refetch } = useQuery(AccountsLicencesDocument, {
    variables: { ...filters, first: pageSize, after: paging.after },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  })
  const shown = data ?? previousData
  const licences = shown?.licences.edges.map((edge) => edge.node) ?? []

  async function handleRevoke() {
    if (!revoking) return
    try {
      await revoke({ variables: { id: revoking.id }, refetchQueries: ['AccountsLicences', 'AccountsUsers', 'AccountsUser'], awaitRefetchQueries: true })
      toast.show({ variant: 'success', title: t('revoke.done', { key: revoking.licensekey }) })
    } catch (caught) {
      toast.show({ variant: 'danger', title: t('revoke.failed'), message: errorText(caught) })
    }
    setRevoking(null)
  }

  const columns: DataColumn<AccountsLicenceFragment>[] = [
    {
      key: 'licensekey',
      header: t('fields.licenseKey'),
      cell: (licence) => (
        <StyledCellStack>
          <StyledMono data-testid="licence-key">{licence.licensekey}</StyledMono>
          <StyledMuted>{t('licences.createdOn', { date: format.date(licence.createdAt) })}</StyledMuted>
        </StyledCellStack>
      ),
    },
    { key: 'plan', header: t('fields.plan'), cell: (licence) => licence.planName ?? '—' },
    { key: 'status', header: t('fields.status'), cell: (licence) => <LicenceStatusBadge status={licence.status} /> },
    {
      key: 'remaining',
      header: t('fields.remaining'),
      cell: (licence) => (
        <StyledCellStack>
          <RemainingDuration remaining={remainingOf(licence)} />
          {licence.licensebeginning ? <StyledMuted>{t('licences.since', { date: format.date(licence.licensebeginning) })}</StyledMuted> : null}
        </StyledCellStack>
      ),
    },
    {
      key: 'assignedTo',
      header: t('fields.assignedTo'),
      cell: (licence) => (
        <StyledCellStack>
          {licence.userId ? (
            <StyledNowrap>
              <Link to={ACCOUNT_PATHS.userView(licence.userId)}>{licence.userName ?? t('licences.userRef', { id: licence.userId })}</Link>
            </StyledNowrap>
          ) : (
            <StyledMuted>—</StyledMuted>
          )}
          {licence.resellerId ? <StyledMuted>{t('licences.poolOf', { name: licence.resellerName ?? `#${licence.resellerId}` })}</StyledMuted> : null}
        </StyledCellStack>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (licence) => {
        const open = licence.status === 'available' || licence.status === 'assigned'
        // A revoked or superseded key counts for no one: nothing left to extend or revoke.
        const live = licence.status !== 'revoked' && licence.status !== 'superseded'
        return (
          <Can I="update" a="Licence">
            <StyledRowActions $nowrap>
              {open ? (
                <StyledRowButton
                  variant="secondary"
                  onClick={() => setAssigning(licence)}
                  aria-label={t('assign.named', { key: licence.licensekey })}
                  data-testid="licence-assign"
                >
                  {t('assign.action')}
                </StyledRowButton>
              ) : null}
              {live ? (
                <StyledRowButton
                  variant="secondary"
                  onClick={() => setExtending(licence)}
                  aria-label={t('extend.named', { key: licence.licensekey })}
                  data-testid="licence-extend"
                >
                  {t('extend.action')}
                </StyledRowButton>
              ) : null}
              {live && canRevoke ? (
                <StyledRowButton
                  variant="ghost"
                  onClick={() => setRevoking(licence)}
                  aria-label={t('revoke.named', { key: licence.licensekey })}
                  data-testid="licence-revoke"
                >
                  {t('revoke.action')}
                </StyledRowButton>
              ) : null}
            </StyledRowActions>
          </Can>
        )
      },
    },
  ]

  return (
    <div>
      <DataTable
        columns={columns}
        rows={shown ? licences : undefined}
        rowKey={(licence) => licence.id}
        error={error}
        onRetry={() => void refetch()}
        loading={loading}
        empty={emptyText}
        emptyTestId="licences-empty"
        testId={testId}
        rowTestId="licence-row"
        footer={shown ? <Pager label={t('licences.paging')} busy={loading} {...paging.pagerProps(shown.licences, licences.length)} /> : null}
      />
      <AssignLicenceDialog licence={assigning} onClose={() => setAssigning(null)} />
      <ExtendLicenceDialog licence={extending} onClose={() => setExtending(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('revoke.title')}
        message={revoking ? t(revoking.status === 'active' ? 'revoke.messageActive' : 'revoke.message', { key: revoking.licensekey }) : ''}
        confirmLabel={t('revoke.action')}
        busy={revokeBusy}
        onConfirm={() => void handleRevoke()}
        onCancel={() => setRevoking(null)}
        confirmTestId="confirm-action"
      />
    </div>
  )
}
