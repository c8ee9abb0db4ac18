import { FollowDashboardView } from '../components/follow-dashboard-view'

/** /followerfabrik/kickviewerdashboard: the same for Kick, from what Kick's API and webhooks give. */
export default function KickDashboardPage({ title }: { title: string }) {
  return <FollowDashboardView title={title} platform="kick" />
}
