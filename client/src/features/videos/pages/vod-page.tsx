import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ErrorState } from '../../../components/ui/error-state'
import { controlOffset } from '../../../components/ui/form-field'
import { LoadingState } from '../../../components/ui/loading-state'
import { Panel } from '../../../components/ui/panel'
import { SelectField } from '../../../components/ui/select-field'
import { StyledStack } from '../../../components/ui/stack'
import { useToast } from '../../../components/ui/toast-provider'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import type { MediaSort, VideoType } from '../../../gql/types'
import { VodDeleteVideoDocument, VodLibraryDocument, VodRefreshDocument, type VodVideoFragment } from '../graphql/videos.generated'
import { useMutation, useQuery } from '@apollo/client/react'
import { useFormatters } from '../../../lib/format'
import { useErrorText } from '../../../lib/use-error-text'
import { ChannelPage } from '../../../components/channel-page/channel-page'
import { useCanManage } from '../../../components/channel-page/channel-access'
import { ASSISTANT_PATHS, withChannel } from '../../../components/channel-page/paths'
import { CreateClip } from '../components/create-clip'
import { DateRangeFields } from '../components/date-range-fields'
import { LinkActions } from '../components/link-actions'
import { MediaTable } from '../components/media-table'
import { formatDay } from '../lib/format'
import { type DayRange, lastDays, rangeProblem, toApiRange } from '../lib/range'

const PAGE_SIZE = 100
const SORTS: readonly MediaSort[] = ['date', 'views', 'duration']
const VIDEO_TYPES: readonly VideoType[] = ['archive', 'highlight', 'upload']

const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};

  /* The refresh and clip controls level with the date inputs, below the fields' labels. */
  @media ${({ theme }) => theme.media.smUp} {
    > :not(:first-child) {
      margin-top: ${controlOffset};
    }
  }
`

const StyledFilters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`

const StyledSandboxLabel = styled.span`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.sizes.control};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: nowrap;
`

/** A sandbox channel's clip or video exists only in this server: a label says so, with no link to Twitch. */
function SandboxLabel({ kind }: { kind: 'clip' | 'video' }) {
  const { t } = useTranslation('videos')
  return (
    <StyledSandboxLabel title={t('sandbox.hint')} data-testid="sandbox-media-label">
      {t(`sandbox.${kind}`)}
    </StyledSandboxLabel>
  )
}

const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`

function SortField({ value, onChange, testId }: { value: MediaSort; onChange: (sort: MediaSort) => void; testId: string }) {
  const { t } = useTranslation('videos')
  return (
    <SelectField label={t('filters.sort')} value={value} onChange={(event) => onChange(event.target.value as MediaSort)} data-testid={testId}>
      {SORTS.map((sort) => (
        <option key={sort} value={sort}>
          {t(`filters.sorts.${sort}`)}
        </option>
      ))}
    </SelectField>
  )
}

/** The library of one Twitch channel: videos and clips from the server's cache, with filters and actions. */
function Library({ channel }: { channel: AssistantChannelFragment }) {
  const { t, i18n } = useTranslation('videos')
  const format = useFormatters()
  const toast = useToast()
  const errorText = useErrorText()
  const [range, setRange] = useState<DayRange>(() => lastDays(90))
  const [videoType, setVideoType] = useState<VideoType | ''>('')
  const [videoSort, setVideoSort] = useState<MediaSort>('date')
  const [clipSort, setClipSort] = useState<MediaSort>('date')
  const [deleting, setDeleting] = useState<VodVideoFragment | null>(null)
  const valid = rangeProblem(range) === null
  const api = valid ? toApiRange(range) : null
  const { data, previousData, loading, error, refetch } = useQuery(VodLibraryDocument, {
    variables: {
      channelId: channel.id,
      videos: { ...api, type: videoType || null, sort: videoSort, first: PAGE_SIZE },
      clips: { ...api, sort: clipSort, first: PAGE_SIZE },
    },
    skip: !valid,
    fetchPolicy: 'cache-and-network',
  })
  const shown = data ?? previousData
  const reload = useCallback(() => void refetch().catch(() => {}), [refetch])
  const [refresh, refreshing] = useMutation(VodRefreshDocument)
  const [remove, removing] = useMutation(VodDeleteVideoDocument)
  // Refresh, clip and delete ask for manage on videos. A team member is not sent the owner's
  // account: its scopes are the server's to check (it says which one lacks).
  const canManage = useCanManage('videos')
  const scopes = channel.account?.scopes
  const canClip = canManage && (!scopes || scopes.includes('clips:edit'))
  const canDelete = canManage && (!scopes || scopes.includes('channel:manage:videos'))
  const sandbox = channel.sandbox

  const doRefresh = async () => {
    try {
      const { data: done } = await refresh({ variables: { channelId: channel.id, ...(api ?? {}) } })
      toast.show({ title: t('refresh.done', { count: done?.refreshChannelMedia.rows ?? 0 }), variant: 'success' })
      reload()
    } catch (e) {
      toast.show({ title: t('refresh.failed'), message: errorText(e), variant: 'danger' })
    }
  }
  const doDelete = async () => {
    if (!deleting) return
    try {
      await remove({ variables: { channelId: channel.id, videoId: deleting.id } })
      toast.show({ title: t('delete.done', { title: deleting.title }), variant: 'success' })
      setDeleting(null)
      reload()
    } catch (e) {
      toast.show({ title: t('delete.failed'), message: errorText(e), variant: 'danger' })
    }
  }

  const media = shown?.channelMedia
  const panelPath = withChannel(ASSISTANT_PATHS.panel, channel.id)
  return (
    <StyledStack>
      <Panel title={t('toolbar.title')} testId="vod-toolbar">
        <StyledToolbar>
          <DateRangeFields value={range} onChange={setRange} />
          {canManage ? (
            <Button
              variant="secondary"
              onClick={() => void doRefresh()}
              disabled={!valid || refreshing.loading}
              aria-busy={refreshing.loading}
              data-testid="vod-refresh"
            >
              {refreshing.loading ? t('refresh.running') : t('refresh.button')}
            </Button>
          ) : null}
          {canClip ? <CreateClip channelId={channel.id} live={channel.status.live} onCreated={reload} /> : null}
        </StyledToolbar>
        {media?.syncedAt ? <StyledMuted data-testid="vod-synced">{t('sync.at', { time: format.dateTime(media.syncedAt) })}</StyledMuted> : null}
        {media && !media.syncedAt && !media.syncError ? <StyledMuted>{t('sync.never')}</StyledMuted> : null}
        {media?.syncError ? (
          <Alert variant="warning" testId="vod-sync-error">
            {t('sync.failed', { message: media.syncError })}
          </Alert>
        ) : null}
        {scopes && (!canClip || !canDelete) ? (
          <Alert variant="info" testId="vod-reconnect">
            {t('scopes.missing')} <Link to={panelPath}>{t('scopes.reconnect')}</Link>
          </Alert>
        ) : null}
      </Panel>
      {error && !shown ? <ErrorState error={error} onRetry={reload} testId="vod-error" /> : null}
      {loading && !shown ? <LoadingState testId="vod-loading" /> : null}
      {media ? (
        <>
          <Panel title={t('videos.title', { count: media.videos.total })} testId="vod-videos">
            <StyledFilters>
              <SelectField
                label={t('filters.type')}
                value={videoType}
                onChange={(event) => setVideoType(event.target.value as VideoType | '')}
                data-testid="video-type"
              >
                <option value="">{t('filters.types.all')}</option>
                {VIDEO_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`filters.types.${type}`)}
                  </option>
                ))}
              </SelectField>
              <SortField value={videoSort} onChange={setVideoSort} testId="video-sort" />
            </StyledFilters>
            <MediaTable
              items={media.videos.items}
              caption={t('videos.caption')}
              testId="video"
              empty={t('videos.empty')}
              emptyTestId="videos-empty"
              extra={{ header: t('table.type'), cell: (video) => t(`filters.types.${video.type}`) }}
              linked={!sandbox}
              actions={(video) => (
                <>
                  {sandbox ? <SandboxLabel kind="video" /> : <LinkActions url={video.url} title={video.title} />}
                  {canDelete ? (
                    <Button
                      variant="ghost"
                      onClick={() => setDeleting(video)}
                      aria-label={t('delete.label', { title: video.title })}
                      data-testid="video-delete"
                    >
                      {t('delete.button')}
                    </Button>
                  ) : null}
                </>
              )}
            />
            {media.videos.total > media.videos.items.length ? (
              <StyledMuted>{t('table.more', { shown: media.videos.items.length, total: media.videos.total })}</StyledMuted>
            ) : null}
          </Panel>
          <Panel title={t('clips.title', { count: media.clips.total })} testId="vod-clips">
            <StyledFilters>
              <SortField value={clipSort} onChange={setClipSort} testId="clip-sort" />
            </StyledFilters>
            <MediaTable
              items={media.clips.items}
              caption={t('clips.caption')}
              testId="clip"
              empty={t('clips.empty')}
              emptyTestId="clips-empty"
              extra={{ header: t('table.creator'), cell: (clip) => clip.creatorName }}
              linked={!sandbox}
              actions={(clip) => (sandbox ? <SandboxLabel kind="clip" /> : <LinkActions url={clip.url} title={clip.title} />)}
            />
            {media.clips.total > media.clips.items.length ? (
              <StyledMuted>{t('table.more', { shown: media.clips.items.length, total: media.clips.total })}</StyledMuted>
            ) : null}
          </Panel>
        </>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.confirmTitle')}
        message={deleting ? t('delete.confirmText', { title: deleting.title, date: formatDay(deleting.createdAt, i18n.language) }) : ''}
        confirmLabel={t('delete.button')}
        onConfirm={() => void doDelete()}
        onCancel={() => setDeleting(null)}
        busy={removing.loading}
        testId="video-delete-dialog"
      />
    </StyledStack>
  )
}

/** Kick documents no public API for videos or clips: the page says so and offers nothing that cannot work. */
export function KickUnsupported() {
  const { t } = useTranslation('videos')
  return (
    <Alert variant="info" testId="kick-unsupported">
      {t('kick.unsupported')}
    </Alert>
  )
}

/** /pages/VOD: the connected channel's videos and clips. */
export default function VodPage({ title }: { title: string }) {
  const { t } = useTranslation('videos')
  return (
    <ChannelPage title={title} intro={() => t('intro')} testId="vod-page" need="videos">
      {(channel) => (channel.platform === 'kick' ? <KickUnsupported /> : <Library key={channel.id} channel={channel} />)}
    </ChannelPage>
  )
}
