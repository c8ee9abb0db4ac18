import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { TextField } from '../../../components/ui/text-field';
import { useAccountsUsersQuery } from '../../../gql/graphql';
import { StyledMuted } from './data-table';
import { StyledFieldset } from './fieldset';

const StyledResults = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  max-height: 14rem;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

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
`;

/**
 * Finds a user by name (Query.users: users with a package, in the caller's scope) or
 * takes a user id typed in (for accounts without a package, which the list leaves out).
 */
export function UserPicker({ value, onChange, errors }: { value: string; onChange: (id: string) => void; errors?: string[] }) {
  const { t } = useTranslation('accounts');
  const name = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const { data, loading } = useAccountsUsersQuery({ variables: { q: q || null, first: 8, sortBy: 'username' }, fetchPolicy: 'cache-and-network' });
  const users = data?.users.edges.map((edge) => edge.node) ?? [];

  return (
    <div>
      <TextField label={t('picker.search')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} data-testid="picker-search" />
      <StyledFieldset aria-busy={loading}>
        <legend className="visually-hidden">{t('picker.results')}</legend>
        {users.length === 0 ? (
          <p>{loading ? t('common.loading') : t('picker.none')}</p>
        ) : (
          <StyledResults>
            {users.map((user) => (
              <StyledOption key={user.id}>
                <label>
                  <input type="radio" name={name} value={user.id} checked={value === user.id} onChange={() => onChange(user.id)} data-testid="picker-option" />
                  <span>{user.fullName || user.username}</span>
                  <StyledMuted>
                    @{user.username} · #{user.id} · {user.currentPlan}
                  </StyledMuted>
                </label>
              </StyledOption>
            ))}
          </StyledResults>
        )}
      </StyledFieldset>
      <TextField label={t('picker.byId')} inputMode="numeric" value={value} onChange={(e) => onChange(e.target.value.trim())} errors={errors} data-testid="picker-id" />
    </div>
  );
}
