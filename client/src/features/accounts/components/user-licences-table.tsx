import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import { useAccountsLicencesQuery } from '../../../gql/graphql';
import { useFormatters } from '../../../lib/format';
import { remainingOf } from '../lib/licence-time';
import { StyledMono } from './data-table';
import { LicenceStatusBadge, RemainingDuration } from './licence-bits';

/** Every key of one user, newest first. */
export function UserLicencesTable({ userId }: { userId: string }) {
  const { t } = useTranslation('accounts');
  const format = useFormatters();
  const { data, error, refetch } = useAccountsLicencesQuery({
    variables: { userId, first: 20 },
    fetchPolicy: 'cache-and-network',
  });
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (!data) return <LoadingState />;
  const licences = data.licences.edges.map((edge) => edge.node);
  if (licences.length === 0) return <EmptyState>{t('userView.noLicences')}</EmptyState>;
  return (
    <StyledTableWrap>
      <StyledTable $compact data-testid="user-licences">
        <thead>
          <tr>
            <th scope="col">{t('fields.licenseKey')}</th>
            <th scope="col">{t('fields.plan')}</th>
            <th scope="col">{t('fields.status')}</th>
            <th scope="col">{t('fields.beginning')}</th>
            <th scope="col">{t('fields.remaining')}</th>
          </tr>
        </thead>
        <tbody>
          {licences.map((licence) => (
            <tr key={licence.id}>
              <td>
                <StyledMono>{licence.licensekey}</StyledMono>
              </td>
              <td>{licence.planName ?? '—'}</td>
              <td>
                <LicenceStatusBadge status={licence.status} />
              </td>
              <td>{format.date(licence.licensebeginning)}</td>
              <td>
                <RemainingDuration remaining={remainingOf(licence)} />
              </td>
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </StyledTableWrap>
  );
}
