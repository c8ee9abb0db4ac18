import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { isChunkLoadError } from '../../lib/chunk-load'
import { MiscShell } from '../../features/misc/components/misc-shell'

/**
 * What an error boundary shows: for a chunk that failed to load, which chunk and how
 * (timeout, network, evaluation); otherwise a generic message. Both offer a reload.
 */
export function AppErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const reload = (
    <Button onClick={() => window.location.reload()} data-testid="reload-button">
      {isChunkLoadError(error) ? t('chunkError.reload') : t('appError.reload')}
    </Button>
  )
  if (isChunkLoadError(error)) {
    return (
      <div data-testid="chunk-error" data-chunk={error.chunk} data-failure-type={error.failureType}>
        <MiscShell title={t('chunkError.title')} text={t('chunkError.description', { chunk: error.chunk, type: t(`chunkError.types.${error.failureType}`) })}>
          {reload}
        </MiscShell>
      </div>
    )
  }
  return (
    <div data-testid="app-error">
      <MiscShell title={t('appError.title')} text={t('appError.description')}>
        {reload}
      </MiscShell>
    </div>
  )
}
