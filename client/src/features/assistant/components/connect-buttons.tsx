import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import type { Platform } from '../../../gql/graphql';
import { useConnect } from '../hooks/use-connect';

export const StyledButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** "Connect Twitch" / "Connect Kick": starts the platform's consent page. */
export function ConnectButtons({ platforms = ['twitch', 'kick'], disabled = false }: { platforms?: readonly Platform[]; disabled?: boolean }) {
  const { t } = useTranslation('assistant');
  const { connect, pending, isPending } = useConnect();
  return (
    <StyledButtonRow>
      {platforms.map((platform) => (
        <Button
          key={platform}
          variant={platform === platforms[0] ? 'primary' : 'secondary'}
          onClick={() => void connect(platform)}
          disabled={disabled || pending !== null}
          aria-busy={isPending(platform)}
          data-testid={`connect-${platform}`}
        >
          {isPending(platform) ? t('connect.redirecting', { platform: t(`platforms.${platform}`) }) : t(`connect.${platform}`)}
        </Button>
      ))}
    </StyledButtonRow>
  );
}
