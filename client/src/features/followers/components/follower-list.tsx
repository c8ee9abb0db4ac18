import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table'
import { ErrorState } from '../../../components/ui/error-state'
import { LoadingState } from '../../../components/ui/loading-state'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import { FollowersPageDocument } from '../graphql/followers.generated'
import { useQuery } from '@apollo/client/react'

const PAGE_SIZE = 20

const StyledFooter = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`

/** The followers, newest first, as the platform lists them (cursor paging: "load more"). */
export function FollowerList({ channel }: { channel: AssistantChannelFragment }) {
  const { t, i18n } = useTranslation('followers')
  const { data, loading, error, refetch, fetchMore } = useQuery(FollowersPageDocument, {
    variables: { channelId: channel.id, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  })
  const page = data?.followers
  const kick = page?.source === 'events'

  async function more() {
    if (!page?.cursor) return
    await fetchMore({
      variables: { after: page.cursor },
      updateQuery: (prev, { fetchMoreResult }) => ({
        followers: { ...fetchMoreResult.followers, followers: [...prev.followers.followers, ...fetchMoreResult.followers.followers] },
      }),
    }).catch(() => {})
  }

  const followedAt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch().catch(() => {})} />
  if (!page) return <LoadingState />
  return (
    <div data-testid="follower-list">
      <p data-testid="follower-total">
        {page.total === null
          ? t('list.noTotal')
          : t(kick ? 'list.totalKick' : 'list.total', { count: page.total, formatted: page.total.toLocaleString(i18n.language) })}
      </p>
      {kick ? (
        <Alert variant="info" testId="kick-followers-note">
          {t('list.kickNote')}
        </Alert>
      ) : null}
      <DataTable
        columns={[
          { key: 'name', header: t('list.name'), cell: (f) => f.name },
          { key: 'login', header: t('list.login'), cell: (f) => f.login },
          { key: 'followedAt', header: t('list.followedAt'), cell: (f) => followedAt.format(new Date(f.followedAt)) },
        ]}
        rows={page.followers}
        rowKey={(f) => f.userId}
        error={error}
        onRetry={() => void refetch().catch(() => {})}
        loading={loading}
        empty={t(kick ? 'list.emptyKick' : 'list.empty')}
        emptyTestId="followers-empty"
        compact
        caption={t('list.title')}
        rowTestId="follower-row"
      />
      <StyledFooter>
        <span>{t('list.shown', { count: page.followers.length })}</span>
        {page.cursor ? (
          <Button variant="secondary" onClick={() => void more()} disabled={loading} data-testid="followers-more">
            {t('list.more')}
          </Button>
        ) : null}
      </StyledFooter>
    </div>
  )
}
