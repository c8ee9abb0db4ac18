import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { useDataTableRowsQuery } from '../../../gql/graphql';
import { useAccountColumns } from '../components/account-columns';
import { SampleTableFrame } from '../components/sample-table-frame';

/** /tables/basic: the sample "basic" table (GET /good-table/basic): every account in scope at once, newest first. */
export default function BasicTablePage({ title }: { title: string }) {
  const { t } = useTranslation('data-tables');
  const { data, loading, error, refetch } = useDataTableRowsQuery();
  return (
    <SampleTableFrame title={title} kind="basic">
      <DataTable
        columns={useAccountColumns()}
        rows={data?.dataTableRows}
        rowKey={(r) => r.id}
        error={error}
        onRetry={() => void refetch()}
        loading={loading}
        empty={t('empty')}
        emptyTestId="table-empty"
        testId="basic-table"
        rowTestId="basic-row"
      />
    </SampleTableFrame>
  );
}
