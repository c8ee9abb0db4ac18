/** What the assistant's dashboard embeds: the auto-moderation's actions of the last 24 hours per filter (its own file: it loads with the dashboard). */
export { ModerationCountsCard } from '../components/moderation-counts-card'
