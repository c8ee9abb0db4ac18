import { FeedbackSection } from '../../feedback'
import { BotPanelView } from '../components/panel/bot-panel-view'

/** /pages/Panel: the Bot-Panel of every connected channel, and the bot feedback reports. */
export default function BotPanelPage({ title }: { title: string }) {
  return (
    <>
      <BotPanelView title={title} />
      <FeedbackSection />
    </>
  )
}
