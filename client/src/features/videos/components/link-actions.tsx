import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast-provider'

const StyledOpen = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `0 ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.link};
  white-space: nowrap;

  &:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`

/** "Copy link" and "Open on Twitch" for a video or clip. */
export function LinkActions({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('videos')
  const toast = useToast()
  const copy = () => {
    const done = () => toast.show({ title: t('actions.copied'), variant: 'success' })
    const failed = () => toast.show({ title: t('actions.copyFailed'), message: url, variant: 'warning' })
    if (!navigator.clipboard) {
      failed()
      return
    }
    navigator.clipboard.writeText(url).then(done, failed)
  }
  return (
    <>
      <Button variant="ghost" onClick={copy} aria-label={t('actions.copyLabel', { title })} data-testid="copy-link">
        {t('actions.copy')}
      </Button>
      <StyledOpen href={url} target="_blank" rel="noreferrer noopener" aria-label={t('actions.openLabel', { title })} data-testid="open-link">
        {t('actions.open')}
      </StyledOpen>
    </>
  )
}
