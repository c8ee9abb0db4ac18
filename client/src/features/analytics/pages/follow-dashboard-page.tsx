import { FollowDashboardView } from '../components/follow-dashboard-view'

/** /followerfabrik/followdashboard: Twitch follower growth, best days and hours, per-stream figures. */
export default function FollowDashboardPage({ title }: { title: string }) {
  return <FollowDashboardView title={title} platform="twitch" />
}
