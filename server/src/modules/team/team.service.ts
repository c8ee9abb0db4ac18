import { bindDeps } from '../../use-cases'
import { accept, invitation, invite, withdraw } from './invitations'
import type { TeamDeps } from './team-deps'
import { leave, remove, team, update, viewableModules } from './team-members'

export type { TeamMemberView, TeamView } from './team-members'

/**
 * A channel's team (issue 31): the owner invites by e-mail (through the outbox), changes a
 * member's group and removes them; the invited account accepts with the mailed token, and a
 * member may leave. Every other use case is the owner's alone.
 */
export function createTeamService(deps: TeamDeps) {
  return bindDeps(deps, { team, invite, withdraw, invitation, accept, update, remove, leave, viewableModules })
}

export type TeamService = ReturnType<typeof createTeamService>
