import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { VodCreateClipDocument, type VodCreateClipMutation } from '../graphql/videos.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'

type Creation = VodCreateClipMutation['createClip']

/** The outcome of the last "Create clip": the new clip, the platform's refusal in its own words, or the timeout. */
function ClipResult({ result }: { result: Creation }) {
  const { t } = useTranslation('videos')
  if (result.outcome === 'created' && result.clip) {
    return (
      <Alert variant="success" testId="clip-result">
        {t('clip.created')}{' '}
        <a href={result.clip.url} target="_blank" rel="noreferrer noopener">
          {result.clip.title || result.clip.url}
        </a>
      </Alert>
    )
  }
  if (result.outcome === 'timeout')
    return (
      <Alert variant="warning" testId="clip-result">
        {t('clip.timeout')}
      </Alert>
    )
  const why = result.status === 403 ? t('clip.restricted') : result.status === 404 ? t('clip.offline') : t('clip.refused')
  return (
    <Alert testId="clip-result">
      {why} ({t('clip.platformSays', { message: result.message })})
    </Alert>
  )
}

/**
 * "Create clip": Twitch makes the clip asynchronously; the server polls for up to 15 s, so the
 * button says it is waiting. Only offered on Twitch with the clips:edit permission.
 */
export function CreateClip({ channelId, live, onCreated }: { channelId: string; live: boolean; onCreated: () => void }) {
  const { t } = useTranslation('videos')
  const errorText = useErrorText()
  const [create, { loading }] = useMutation(VodCreateClipDocument)
  const [result, setResult] = useState<Creation | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const run = async () => {
    setResult(null)
    setFailure(null)
    try {
      const { data } = await create({ variables: { channelId } })
      if (!data) return
      setResult(data.createClip)
      if (data.createClip.outcome === 'created') onCreated()
    } catch (error) {
      setFailure(errorText(error))
    }
  }
  return (
    <div>
      <Button onClick={() => void run()} disabled={loading} aria-busy={loading} data-testid="create-clip">
        {loading ? t('clip.creating') : t('clip.create')}
      </Button>
      {!live ? <p data-testid="clip-live-hint">{t('clip.liveOnly')}</p> : null}
      {result ? <ClipResult result={result} /> : null}
      {failure ? <Alert testId="clip-result">{failure}</Alert> : null}
    </div>
  )
}
