import { type ReactNode, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { TextField } from '../../../components/ui/text-field'
import type { Role } from '../../../gql/types'
import { AccountsUserDocument } from '../graphql/user.generated'
import { AccountsUsersDocument } from '../graphql/users.generated'
import { useQuery } from '@apollo/client/react'
import { roleLabel } from '../../../lib/role-label'
import { StyledMuted } from './data-table'
import { StyledFieldset } from './fieldset'

const StyledResults = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  max-height: 14rem;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`

const StyledOption = styled.li`
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    cursor: pointer;
  }

  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`

type PickerUser = { id: string; username: string; fullName?: string | null; role: Role; currentPlan: string }

function ChosenOption({ id, render }: { id: string; render: (user: PickerUser) => ReactNode }) {
  const { data } = useQuery(AccountsUserDocument, { variables: { id } })
  return data?.user ? render(data.user) : null
}

/**
 * Finds an account by name (Query.users with everyAccount: any account in the caller's
 * scope, optionally of one role) and picks it with a radio button. The chosen account
 * stays listed, named, even when the search no longer finds it. `noneLabel` adds a first
 * option that clears the choice (e.g. "No reseller").
 */
export function UserPicker({
  value,
  onChange,
  errors,
  role,
  label,
  noneLabel,
}: {
  value: string
  onChange: (id: string) => void
  errors?: string[]
  role?: Role
  label?: string
  noneLabel?: string
}) {
  const { t } = useTranslation('accounts')
  const { t: tShared } = useTranslation()
  const name = useId()
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250)
    return () => clearTimeout(timer)
  }, [search])
  const { data, loading } = useQuery(AccountsUsersDocument, {
    variables: { q: q || null, first: 8, sortBy: 'username', everyAccount: true, role: role ?? null },
    fetchPolicy: 'cache-and-network',
  })
  const users = data?.users.edges.map((edge) => edge.node) ?? []
  // The chosen account, when the search does not list it, is looked up on its own (mounted
  // only then, so no query ever runs, or is refetched, for an empty id).
  const chosenMissing = value !== '' && !users.some((user) => user.id === value)
  const option = (user: PickerUser) => (
    <StyledOption key={user.id}>
      <label>
        <input type="radio" name={name} value={user.id} checked={value === user.id} onChange={() => onChange(user.id)} data-testid="picker-option" />
        <span>{user.fullName || user.username}</span>
        <StyledMuted>
          @{user.username} · {roleLabel(tShared, user.role)}
          {user.currentPlan !== 'None' ? ` · ${user.currentPlan}` : ''}
        </StyledMuted>
      </label>
    </StyledOption>
  )

  return (
    <div>
      <TextField
        label={label ?? t('picker.search')}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        errors={errors}
        data-testid="picker-search"
      />
      <StyledFieldset aria-busy={loading}>
        <legend className="visually-hidden">{t('picker.results')}</legend>
        {users.length === 0 && !noneLabel && !chosenMissing ? (
          <p>{loading ? t('common.loading') : t('picker.none')}</p>
        ) : (
          <StyledResults>
            {noneLabel ? (
              <StyledOption>
                <label>
                  <input type="radio" name={name} value="" checked={value === ''} onChange={() => onChange('')} data-testid="picker-option" />
                  <span>{noneLabel}</span>
                </label>
              </StyledOption>
            ) : null}
            {chosenMissing ? <ChosenOption id={value} render={option} /> : null}
            {users.map(option)}
          </StyledResults>
        )}
      </StyledFieldset>
    </div>
  )
}
