import { BotPanelView } from '../components/panel/bot-panel-view';

/** /pages/Panel: the Bot-Panel of every connected channel. */
export default function BotPanelPage({ title }: { title: string }) {
  return <BotPanelView title={title} />;
}
