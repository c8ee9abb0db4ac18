/**
 * SLOT (video dashboard): "per stream: average and peak viewers, chat lines".
 *
 * The stream-sessions feature supplies this component (stream.online/offline sessions,
 * the platform's own viewer samples, chat lines from the bot's history) and replaces this
 * file at merge. Until then it renders nothing: the dashboard never shows invented figures.
 */
export function StreamStatsSlot(_props: { from: string; to: string }) {
  return null;
}
