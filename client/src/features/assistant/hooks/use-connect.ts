import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { type Platform, useAssistantStartChannelConnectionMutation } from '../../../gql/graphql';
import { useErrorText } from '../../../lib/use-error-text';

/**
 * Starts the platform's OAuth flow: the server answers the consent page's address and the
 * browser goes there; the platform sends it back through /apps/oauth/<platform>/callback,
 * which lands on the panel with ?connected= or ?error=.
 */
export function useConnect() {
  const { t } = useTranslation('assistant');
  const toast = useToast();
  const errorText = useErrorText();
  const [start] = useAssistantStartChannelConnectionMutation();
  const [pending, setPending] = useState<string | null>(null);

  async function connect(platform: Platform, botForChannelId?: string) {
    const key = `${platform}:${botForChannelId ?? ''}`;
    setPending(key);
    try {
      const { data } = await start({ variables: { platform, botForChannelId: botForChannelId ?? null } });
      const url = data?.startChannelConnection.authorizeUrl;
      // Only ever leave for an http(s) consent page.
      if (!url || !/^https?:$/.test(new URL(url, window.location.href).protocol)) throw new Error('No usable authorize URL');
      window.location.assign(url);
    } catch (error) {
      setPending(null);
      toast.show({ variant: 'danger', title: t('connect.startFailed', { platform: t(`platforms.${platform}`) }), message: errorText(error) });
    }
  }

  return { connect, pending, isPending: (platform: Platform, botForChannelId?: string) => pending === `${platform}:${botForChannelId ?? ''}` };
}
