/** What other features embed: the feedback form of the bot panel. */
export { FeedbackSection } from './components/feedback-section'
