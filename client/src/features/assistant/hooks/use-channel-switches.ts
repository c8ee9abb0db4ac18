import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-provider'
import type { AssistantChannelFragment } from '../../../components/channel-page/channels.generated'
import type { BotModule, BotPanelInput } from '../../../gql/types'
import { AssistantSetBotModuleDocument, AssistantUpdateBotPanelDocument } from '../graphql/channels.generated'
import { useMutation } from '@apollo/client/react'
import { useErrorText } from '../../../lib/use-error-text'

export type PanelSwitch = keyof Required<BotPanelInput>

/** The channel as it will be after one switch; chatBot and categoryChatBot are both panel and module switches. */
export function withSwitch(channel: AssistantChannelFragment, key: PanelSwitch | BotModule, value: boolean): AssistantChannelFragment {
  const panel = { ...channel.panel }
  const modules = { ...channel.modules }
  if (key in panel) (panel as Record<string, boolean>)[key] = value
  if (key in modules) (modules as Record<string, boolean>)[key] = value
  return { ...channel, panel, modules }
}

/**
 * Saves a switch at once. The cache shows the new value straight away (optimistic) and
 * Apollo rolls it back if the server refuses; the refusal is shown as a toast.
 */
export function useChannelSwitches() {
  const { t } = useTranslation('assistant')
  const toast = useToast()
  const errorText = useErrorText()
  const [updatePanel] = useMutation(AssistantUpdateBotPanelDocument)
  const [setModule] = useMutation(AssistantSetBotModuleDocument)

  const fail = (error: unknown) => toast.show({ variant: 'danger', title: t('common.saveFailed'), message: errorText(error) })

  async function setPanel(channel: AssistantChannelFragment, key: PanelSwitch, value: boolean): Promise<boolean> {
    try {
      await updatePanel({
        variables: { channelId: channel.id, input: { [key]: value } },
        optimisticResponse: { updateBotPanel: withSwitch(channel, key, value) },
      })
      return true
    } catch (error) {
      fail(error)
      return false
    }
  }

  async function setBotModule(channel: AssistantChannelFragment, module: BotModule, enabled: boolean): Promise<boolean> {
    try {
      await setModule({
        variables: { channelId: channel.id, module, enabled },
        optimisticResponse: { setBotModule: withSwitch(channel, module, enabled) },
      })
      return true
    } catch (error) {
      fail(error)
      return false
    }
  }

  return { setPanel, setBotModule }
}
