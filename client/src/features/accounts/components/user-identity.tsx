import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ACCOUNT_PATHS } from '../lib/paths'
import { Avatar } from '../../../components/avatar'
import { StyledCellStack, StyledIdentity, StyledMuted } from './data-table'

/** A user in a table row: avatar, name (a link to the user's page) and a quiet line under it. */
export function UserIdentity({
  user,
  detail,
  linkTestId,
}: {
  user: { id: string; username: string; fullName?: string | null; avatar?: string | null }
  detail: ReactNode
  linkTestId?: string
}) {
  const name = user.fullName || user.username
  return (
    <StyledIdentity>
      <Avatar name={name} src={user.avatar} />
      <StyledCellStack>
        <Link to={ACCOUNT_PATHS.userView(user.id)} data-testid={linkTestId}>
          {name}
        </Link>
        <StyledMuted>{detail}</StyledMuted>
      </StyledCellStack>
    </StyledIdentity>
  )
}
