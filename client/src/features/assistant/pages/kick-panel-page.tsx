import { BotPanelView } from '../components/panel/bot-panel-view'

/** /kick/panel: the Bot-Panel for Kick channels. */
export default function KickPanelPage({ title }: { title: string }) {
  return <BotPanelView title={title} only="kick" />
}
