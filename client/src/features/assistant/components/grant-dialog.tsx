import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../components/ui/button'
import { Dialog, StyledDialogActions } from '../../../components/ui/dialog'
import type { Platform } from '../../../gql/types'
import { scopeWords } from '../lib/scopes'

const StyledList = styled.ul`
  margin: ${({ theme }) => `${theme.space.sm} 0 ${theme.space.md}`};
  padding-left: ${({ theme }) => theme.space.xl};
`

export interface Grant {
  platform: Platform
  /** The platform's consent page (already checked to be http(s)). */
  url: string
  scopes: readonly string[]
  botAccount: boolean
}

/**
 * What the user is about to allow, in words, before the browser leaves for the platform
 * (Kick's consent page does not ask again for an app already allowed, so this is where the
 * user sees it). "Continue" goes to the consent page; Cancel stays here.
 */
export function GrantDialog({ grant, onContinue, onCancel }: { grant: Grant | null; onContinue: () => void; onCancel: () => void }) {
  const { t } = useTranslation('assistant')
  const textId = useId()
  const platform = grant ? t(`platforms.${grant.platform}`) : ''
  return (
    <Dialog open={grant !== null} title={t('grant.title', { platform })} onClose={onCancel} describedBy={textId} testId="grant-dialog">
      {grant ? (
        <>
          <p id={textId}>{grant.botAccount ? t('grant.introBot', { platform }) : t('grant.intro', { platform })}</p>
          <StyledList data-testid="grant-scopes">
            {scopeWords(grant.scopes).map(({ key, scope }) => (
              <li key={scope} data-scope={scope}>
                {key ? t(`scopes.${key}`) : scope}
              </li>
            ))}
          </StyledList>
          <p>{t('grant.next', { platform })}</p>
          <StyledDialogActions>
            <Button variant="secondary" onClick={onCancel} data-testid="grant-cancel">
              {t('grant.cancel')}
            </Button>
            <Button onClick={onContinue} data-autofocus data-testid="grant-continue">
              {t('grant.continue', { platform })}
            </Button>
          </StyledDialogActions>
        </>
      ) : null}
    </Dialog>
  )
}
