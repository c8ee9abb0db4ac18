import { DataTableRowsDocument } from '../graphql/data-table-rows.generated'
import { useQuery } from '@apollo/client/react'
import { AccountsTable } from '../components/account-columns'
import { SampleTableFrame } from '../components/sample-table-frame'

/** /tables/basic: the "basic" view of the accounts (GraphQL dataTableRows): every account in scope at once, newest first. */
export default function BasicTablePage({ title }: { title: string }) {
  const { data, loading, error, refetch } = useQuery(DataTableRowsDocument)
  return (
    <SampleTableFrame title={title} kind="basic">
      <AccountsTable result={{ loading, error, refetch }} rows={data?.dataTableRows} testId="basic-table" rowTestId="basic-row" />
    </SampleTableFrame>
  )
}
