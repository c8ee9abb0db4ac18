import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useAddressParams } from '../../../lib/use-address-params'
import { Button } from '../../../components/ui/button'
import { type DataColumn, DataTable } from '../../../components/ui/data-table'
import { Icon } from '../../../components/ui/icon'
import { PageHeader } from '../../../components/ui/page-header'
import { StyledPanel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { TextField } from '../../../components/ui/text-field'
import { AccountsUsersDocument, type AccountsUsersQuery, type AccountsUsersQueryVariables } from '../graphql/users.generated'
import type { Role, UserSortField, UserStatus } from '../../../gql/types'
import { AccountsPlansDocument } from '../graphql/plans.generated'
import { useQuery } from '@apollo/client/react'
import { AddUserPanel } from '../components/add-user-panel'
import { StyledCellStack, StyledMono, StyledMuted, StyledNowrap, StyledRowActions } from '../components/data-table'
import { StyledFilters } from '../components/layout'
import { RemainingDuration, UserStatusBadge } from '../components/licence-bits'
import { NotAuthorizedContent } from '../components/not-authorized-content'
import { PAGE_SIZES, Pager } from '../components/pager'
import { UserIdentity } from '../components/user-identity'
import { rangeOf } from '../lib/cursor-pages'
import { useFormatters } from '../../../lib/format'
import { userRemaining } from '../lib/licence-time'
import { ACCOUNT_PATHS } from '../lib/paths'
import { useViewer } from '../lib/viewer'
import { Can } from '../../../lib/ability-context'

const ROLES: readonly Role[] = ['client', 'reseller', 'admin']
const STATUSES: readonly UserStatus[] = ['active', 'inactive']
const SORTS: readonly UserSortField[] = ['id', 'username', 'fullName', 'email', 'role', 'currentPlan', 'createdAt']

const isRole = (value: string | null): value is Role => ROLES.includes(value as Role)
const isStatus = (value: string | null): value is UserStatus => STATUSES.includes(value as UserStatus)
const isSort = (value: string | null): value is UserSortField => SORTS.includes(value as UserSortField)

type UserRow = AccountsUsersQuery['users']['edges'][number]['node']

/** The list's state lives in the address (filters, sort, page), so back / forward and links work. */
function useListState() {
  const [params, change] = useAddressParams()
  const perPageRaw = Number(params.get('perPage'))
  const state = {
    q: params.get('q') ?? '',
    role: isRole(params.get('role')) ? (params.get('role') as Role) : null,
    plan: params.get('plan') || null,
    status: isStatus(params.get('status')) ? (params.get('status') as UserStatus) : null,
    everyAccount: params.get('accounts') === 'all',
    sortBy: isSort(params.get('sortBy')) ? (params.get('sortBy') as UserSortField) : 'id',
    sortDesc: params.get('sortDesc') === '1',
    perPage: (PAGE_SIZES as readonly number[]).includes(perPageRaw) ? perPageRaw : 10,
    after: params.get('after'),
    before: params.get('before'),
    page: Math.max(1, Number(params.get('page')) || 1),
    adding: params.get('add') === '1',
  }

  /**
   * Changes some parameters. 'filter' (filters, sort, page size) goes back to the first
   * page; 'page' keeps a history entry per page; 'panel' opens or closes the add panel.
   */
  function update(changes: Record<string, string | null>, mode: 'filter' | 'page' | 'panel' = 'filter') {
    change(
      (next) => {
        if (mode === 'filter') for (const key of ['after', 'before', 'page']) next.delete(key)
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key)
          else next.set(key, value)
        }
      },
      { replace: mode !== 'page' },
    )
  }
  return { state, update }
}

export default function UserListPage({ title }: { title: string }) {
  const { staff } = useViewer()
  if (!staff) return <NotAuthorizedContent title={title} />
  return <UserList title={title} actor={staff} />
}

function UserList({ title, actor }: { title: string; actor: 'admin' | 'reseller' }) {
  const { t } = useTranslation('accounts')
  const { t: tShared } = useTranslation()
  const format = useFormatters()
  const { state, update } = useListState()
  const [search, setSearch] = useState(state.q)
  const [searchedQ, setSearchedQ] = useState(state.q)
  // The address changed the search (back, clear filters): show it in the box.
  if (searchedQ !== state.q) {
    setSearchedQ(state.q)
    setSearch(state.q)
  }
  const updateRef = useRef(update)
  useEffect(() => {
    updateRef.current = update
  })

  // Typing waits for a short pause before searching.
  useEffect(() => {
    if (search.trim() === state.q) return undefined
    const timer = setTimeout(() => updateRef.current({ q: search.trim() }), 300)
    return () => clearTimeout(timer)
  }, [search, state.q])

  const backward = Boolean(state.before) && !state.after
  const variables: AccountsUsersQueryVariables = {
    q: state.q || null,
    role: state.role,
    plan: state.plan,
    status: state.status,
    everyAccount: state.everyAccount,
    sortBy: state.sortBy,
    sortDesc: state.sortDesc,
    ...(backward ? { last: state.perPage, before: state.before } : { first: state.perPage, after: state.after }),
  }
  const { data, previousData, loading, error, refetch } = useQuery(AccountsUsersDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  })
  const plans = useQuery(AccountsPlansDocument)
  const shown = data ?? previousData
  const connection = shown?.users
  const users = connection?.edges.map((edge) => edge.node) ?? []
  const range = rangeOf(state.page, state.perPage, users.length, connection?.totalCount ?? 0)
  const filtered = Boolean(state.q || state.role || state.plan || state.status || state.everyAccount)

  function sortBy(field: UserSortField) {
    update({ sortBy: field, sortDesc: state.sortBy === field && !state.sortDesc ? '1' : null })
  }

  const columns: DataColumn<UserRow>[] = [
    {
      key: 'username',
      header: t('fields.user'),
      sortable: true,
      cell: (user) => <UserIdentity user={user} detail={`@${user.username} · ${user.email}`} linkTestId="user-name" />,
    },
    { key: 'role', header: t('fields.role'), sortable: true, cell: (user) => tShared(`roles.${user.role}`) },
    { key: 'currentPlan', header: t('fields.plan'), sortable: true, cell: (user) => user.currentPlan, cellProps: { 'data-testid': 'user-plan' } },
    {
      key: 'licence',
      header: t('fields.licence'),
      cell: (user) => (
        <StyledCellStack>
          {user.licenseKey !== 'None' ? <StyledMono>{user.licenseKey}</StyledMono> : <StyledMuted>{t('users.noKey')}</StyledMuted>}
          <RemainingDuration remaining={userRemaining(user)} />
        </StyledCellStack>
      ),
    },
    { key: 'status', header: t('fields.status'), cell: (user) => <UserStatusBadge status={user.status} /> },
    { key: 'createdAt', header: t('fields.created'), sortable: true, cell: (user) => <StyledNowrap>{format.date(user.createdAt)}</StyledNowrap> },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.actions')}</span>,
      cell: (user) => {
        const name = user.fullName || user.username
        return (
          <StyledRowActions>
            <Link to={ACCOUNT_PATHS.userView(user.id)} aria-label={t('users.viewNamed', { name })}>
              {t('common.view')}
            </Link>
            <Link to={ACCOUNT_PATHS.userEdit(user.id)} aria-label={t('users.editNamed', { name })}>
              {t('common.edit')}
            </Link>
          </StyledRowActions>
        )
      },
    },
  ]

  return (
    <StyledStack>
      <PageHeader
        title={title}
        subtitle={actor === 'admin' ? (state.everyAccount ? t('users.subtitleAdminAll') : t('users.subtitleAdmin')) : t('users.subtitleReseller')}
        actions={
          <Can I="create" a="User">
            <Button onClick={() => update({ add: '1' }, 'panel')} data-testid="add-user-open">
              <Icon name="user" small />
              {actor === 'admin' ? t('users.add') : t('users.addClient')}
            </Button>
          </Can>
        }
      />

      <StyledPanel aria-labelledby="user-filters-title">
        <h2 id="user-filters-title" className="visually-hidden">
          {t('users.filters')}
        </h2>
        <StyledFilters role="search">
          <TextField
            label={t('users.search')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('users.searchPlaceholder')}
            data-testid="user-search"
          />
          {actor === 'admin' ? (
            <SelectField label={t('fields.role')} value={state.role ?? ''} onChange={(e) => update({ role: e.target.value })} data-testid="filter-role">
              <option value="">{t('users.allRoles')}</option>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </SelectField>
          ) : null}
          <SelectField label={t('fields.plan')} value={state.plan ?? ''} onChange={(e) => update({ plan: e.target.value })} data-testid="filter-plan">
            <option value="">{t('users.allPlans')}</option>
            {(plans.data?.plans ?? []).map((plan) => (
              <option key={plan.id} value={plan.name}>
                {plan.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('users.accounts')}
            value={state.everyAccount ? 'all' : ''}
            onChange={(e) => update({ accounts: e.target.value })}
            data-testid="filter-accounts"
          >
            <option value="">{t('users.accountsLicensed')}</option>
            <option value="all">{t('users.accountsAll')}</option>
          </SelectField>
          <SelectField label={t('fields.status')} value={state.status ?? ''} onChange={(e) => update({ status: e.target.value })} data-testid="filter-status">
            <option value="">{t('users.allStatuses')}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`userStatus.${status}`)}
              </option>
            ))}
          </SelectField>
        </StyledFilters>
      </StyledPanel>

      <StyledPanel aria-labelledby="user-table-title">
        <h2 id="user-table-title" className="visually-hidden">
          {t('users.tableTitle')}
        </h2>
        <DataTable
          columns={columns}
          rows={shown ? users : undefined}
          rowKey={(user) => user.id}
          error={error}
          onRetry={() => void refetch()}
          loading={loading}
          empty={filtered ? t('users.emptyFiltered') : actor === 'admin' ? t('users.empty') : t('users.emptyReseller')}
          emptyTestId="users-empty"
          emptyAction={
            filtered ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch('')
                  update({ q: null, role: null, plan: null, status: null, accounts: null })
                }}
              >
                {t('users.clearFilters')}
              </Button>
            ) : null
          }
          sort={{ field: state.sortBy, descending: state.sortDesc }}
          onSort={(field) => {
            if (isSort(field)) sortBy(field)
          }}
          sortLabel={t('common.sortBy')}
          testId="user-table"
          rowTestId="user-row"
          footer={
            <Pager
              label={t('users.paging')}
              range={range}
              page={state.page}
              busy={loading}
              hasNext={Boolean(connection?.pageInfo.hasNextPage)}
              onPrevious={() =>
                update(
                  state.page - 1 <= 1
                    ? { after: null, before: null, page: null }
                    : { before: connection?.pageInfo.startCursor ?? null, after: null, page: String(state.page - 1) },
                  'page',
                )
              }
              onNext={() => update({ after: connection?.pageInfo.endCursor ?? null, before: null, page: String(state.page + 1) }, 'page')}
              pageSize={state.perPage}
              onPageSize={(size) => update({ perPage: size === 10 ? null : String(size) })}
            />
          }
        />
      </StyledPanel>

      <AddUserPanel
        open={state.adding}
        actor={actor}
        onClose={() => update({ add: null }, 'panel')}
        onCreated={() => {
          update({ add: null }, 'panel')
          void refetch()
        }}
      />
    </StyledStack>
  )
}
