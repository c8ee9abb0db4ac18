/** What other features embed: the per-stream figures (average and peak viewers, chat lines) for the video dashboard. */
export { StreamStatsPanel, type StreamStatsPanelProps } from './components/stream-stats-panel'
