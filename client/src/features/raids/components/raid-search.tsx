import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { StyledFieldRow } from '../../../components/ui/form-grid'
import { StyledCard } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { DataTable } from '../../../components/ui/data-table'
import { TextField } from '../../../components/ui/text-field'
import { RaidTargetsDocument, type RaidTargetsQuery } from '../graphql/raids.generated'
import { useLazyQuery } from '@apollo/client/react'
import { languageName, MAX_QUERY_LENGTH, twitchUrl } from '../lib'

type Target = RaidTargetsQuery['searchRaidTargets'][number]

interface RaidSearchProps {
  channelId: string
  /** Why no raid can start now (pending raid, 24 h rule), or null. */
  blocked: string | null
  starting: boolean
  onRaid: (target: Target) => Promise<void>
}

/** Search live Twitch channels (language and category shown) and start a raid on one, after a confirmation. */
export function RaidSearch({ channelId, blocked, starting, onRaid }: RaidSearchProps) {
  const { t, i18n } = useTranslation('raids')
  const [query, setQuery] = useState('')
  const [chosen, setChosen] = useState<Target | null>(null)
  const [search, { data, loading, error, called, refetch }] = useLazyQuery(RaidTargetsDocument, { fetchPolicy: 'network-only' })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (query.trim()) void search({ variables: { channelId, query: query.trim() } }).catch(() => {})
  }

  return (
    <StyledCard aria-labelledby="raid-search-title" data-testid="raid-search">
      <h2 id="raid-search-title">{t('search.title')}</h2>
      <StyledFieldRow as="form" onSubmit={submit} role="search">
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
      </StyledFieldRow>
      {blocked ? (
        <Alert variant="info" testId="raid-blocked">
          {blocked}
        </Alert>
      ) : null}
      {called ? (
        <DataTable
          columns={[
            {
              key: 'channel',
              header: t('search.channel'),
              cell: (target) => (
                <a href={twitchUrl(target.login)} target="_blank" rel="noreferrer noopener">
                  {target.displayName}
                </a>
              ),
            },
            { key: 'language', header: t('search.language'), cell: (target) => languageName(target.language, i18n.language) },
            { key: 'category', header: t('search.category'), cell: (target) => target.category || '—' },
            { key: 'title', header: t('search.streamTitle'), cell: (target) => target.title || '—' },
            {
              key: 'actions',
              header: <span className="visually-hidden">{t('search.actions')}</span>,
              cell: (target) => (
                <Button onClick={() => setChosen(target)} disabled={blocked !== null || starting} data-testid="raid-start">
                  {t('search.raid')}
                </Button>
              ),
            },
          ]}
          rows={loading ? undefined : data?.searchRaidTargets}
          rowKey={(target) => target.id}
          rowTestId="raid-target"
          rowProps={(target) => ({ 'data-login': target.login })}
          error={error}
          onRetry={() => void refetch().catch(() => {})}
          empty={t('search.empty')}
          emptyTestId="raid-search-empty"
          compact
        />
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
          if (chosen) void onRaid(chosen).finally(() => setChosen(null))
        }}
      />
    </StyledCard>
  )
}
