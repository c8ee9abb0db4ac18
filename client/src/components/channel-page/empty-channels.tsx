import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { StyledButtonLink } from '../ui/button'
import { StyledCard } from '../ui/card'
import { Icon } from '../ui/icon'
import { ASSISTANT_PATHS } from './paths'

const StyledEmpty = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xl};

  h2 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

/**
 * Shown when the user has no connected channel, with a call to action: a link to the
 * Bot-Panel (where connecting happens), or none when the page already shows the connect buttons.
 * Its strings are the assistant's (namespace 'assistant'), which every channel page loads.
 */
export function EmptyChannels({ text, cta = 'link' }: { text?: string; cta?: 'link' | 'none' }) {
  const { t } = useTranslation('assistant')
  return (
    <StyledEmpty data-testid="empty-channels">
      <h2>
        <Icon name="bot" />
        {t('empty.title')}
      </h2>
      <p>{text ?? t('empty.text')}</p>
      {cta === 'link' ? (
        <StyledButtonLink to={ASSISTANT_PATHS.panel} data-testid="connect-cta">
          {t('empty.cta')}
        </StyledButtonLink>
      ) : null}
    </StyledEmpty>
  )
}
