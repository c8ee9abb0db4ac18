import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../components/ui/data-table'
import { AccountsLicencesDocument, type AccountsLicencesQuery } from '../graphql/licences.generated'
import { useQuery } from '@apollo/client/react'
import { useFormatters } from '../../../lib/format'
import { remainingOf } from '../lib/licence-time'
import { StyledMono } from './data-table'
import { LicenceStatusBadge, RemainingDuration } from './licence-bits'

type Licence = AccountsLicencesQuery['licences']['edges'][number]['node']

/** Every key of one user, newest first. */
export function UserLicencesTable({ userId }: { userId: string }) {
  const { t } = useTranslation('accounts')
  const format = useFormatters()
  const { data, error, refetch } = useQuery(AccountsLicencesDocument, {
    variables: { userId, first: 20 },
    fetchPolicy: 'cache-and-network',
  })
  return (
    <DataTable<Licence>
      columns={[
        { key: 'licenseKey', header: t('fields.licenseKey'), cell: (licence) => <StyledMono>{licence.licensekey}</StyledMono> },
        { key: 'plan', header: t('fields.plan'), cell: (licence) => licence.planName ?? '—' },
        { key: 'status', header: t('fields.status'), cell: (licence) => <LicenceStatusBadge status={licence.status} /> },
        { key: 'beginning', header: t('fields.beginning'), cell: (licence) => format.date(licence.licensebeginning) },
        { key: 'remaining', header: t('fields.remaining'), cell: (licence) => <RemainingDuration remaining={remainingOf(licence)} /> },
      ]}
      rows={data?.licences.edges.map((edge) => edge.node)}
      rowKey={(licence) => licence.id}
      error={error}
      onRetry={() => void refetch()}
      empty={t('userView.noLicences')}
      compact
      testId="user-licences"
    />
  )
}
