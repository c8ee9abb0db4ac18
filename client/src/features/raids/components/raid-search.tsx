import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { StyledCard } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingState } from '../../../components/ui/loading-state';
import { StyledTable, StyledTableWrap } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { type RaidTargetsQuery, useRaidTargetsLazyQuery } from '../../../gql/graphql';
import { useErrorText } from '../../../lib/use-error-text';
import { StyledMuted } from '../../assistant/components/muted-text';
import { languageName, MAX_QUERY_LENGTH, twitchUrl } from '../lib';

type Target = RaidTargetsQuery['searchRaidTargets'][number];

const StyledForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};

  > :first-child {
    flex: 1 1 16rem;
  }
`;

interface RaidSearchProps {
  channelId: string;
  /** Why no raid can start now (pending raid, 24 h rule), or null. */
  blocked: string | null;
  starting: boolean;
  onRaid: (target: Target) => Promise<void>;
}

/** Search live Twitch channels (language and category shown) and start a raid on one, after a confirmation. */
export function RaidSearch({ channelId, blocked, starting, onRaid }: RaidSearchProps) {
  const { t, i18n } = useTranslation('raids');
  const errorText = useErrorText();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Target | null>(null);
  const [search, { data, loading, error, called }] = useRaidTargetsLazyQuery({ fetchPolicy: 'network-only' });
  const results = data?.searchRaidTargets ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (query.trim()) void search({ variables: { channelId, query: query.trim() } }).catch(() => {});
  }

  return (
    <StyledCard aria-labelledby="raid-search-title" data-testid="raid-search">
      <h2 id="raid-search-title">{t('search.title')}</h2>
      <StyledForm onSubmit={submit} role="search">
        <TextField
          label={t('search.label')}
          hint={t('search.hint')}
          value={query}
          maxLength={MAX_QUERY_LENGTH}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="raid-query"
        />
        <Button type="submit" disabled={!query.trim() || loading} aria-busy={loading} data-testid="raid-search-submit">
          {t('search.submit')}
        </Button>
      </StyledForm>
      {blocked ? (
        <Alert variant="info" testId="raid-blocked">
          {blocked}
        </Alert>
      ) : null}
      {error ? <Alert testId="raid-search-error">{errorText(error)}</Alert> : null}
      {loading ? <LoadingState testId="raid-search-loading" /> : null}
      {called && !loading && !error && results.length === 0 ? <StyledMuted data-testid="raid-search-empty">{t('search.empty')}</StyledMuted> : null}
      {results.length > 0 ? (
        <StyledTableWrap>
          <StyledTable $compact>
            <thead>
              <tr>
                <th scope="col">{t('search.channel')}</th>
                <th scope="col">{t('search.language')}</th>
                <th scope="col">{t('search.category')}</th>
                <th scope="col">{t('search.streamTitle')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('search.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {results.map((target) => (
                <tr key={target.id} data-testid="raid-target" data-login={target.login}>
                  <td>
                    <a href={twitchUrl(target.login)} target="_blank" rel="noreferrer noopener">
                      {target.displayName}
                    </a>
                  </td>
                  <td>{languageName(target.language, i18n.language)}</td>
                  <td>{target.category || '—'}</td>
                  <td>{target.title || '—'}</td>
                  <td>
                    <Button onClick={() => setChosen(target)} disabled={blocked !== null || starting} data-testid="raid-start">
                      {t('search.raid')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </StyledTable>
        </StyledTableWrap>
      ) : null}
      <ConfirmDialog
        open={chosen !== null}
        role="dialog"
        title={t('search.confirmTitle', { channel: chosen?.displayName ?? '' })}
        message={t('search.confirmMessage', { channel: chosen?.displayName ?? '' })}
        confirmLabel={t('search.raid')}
        busy={starting}
        onCancel={() => setChosen(null)}
        onConfirm={() => {
          if (chosen) void onRaid(chosen).finally(() => setChosen(null));
        }}
      />
    </StyledCard>
  );
}
