import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { type ChannelAbility, type ChannelModuleName, useChannelAbility } from '../../lib/channel-ability'
import { Alert } from '../ui/alert'

/**
 * What a page needs of the chosen channel: view on one module of a team member's group, or
 * `owner` for what is the owner's alone (alerts, giveaways, quotes: the server asks
 * channels.owned for these).
 */
export type ChannelNeed = ChannelModuleName | 'owner'

/** May the caller open a page that needs this on the channel (the owner always may)? */
export const canOpenChannelPage = (ability: ChannelAbility, need: ChannelNeed): boolean =>
  need === 'owner' ? ability.can('owner', 'channel') : ability.can('view', need)

/** May the caller change this module of the chosen channel? Controls that change it show only then (the server refuses anyway). */
export const useCanManage = (module: ChannelModuleName): boolean => useChannelAbility().can('manage', module)

const StyledFieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`

/**
 * A form's fields, disabled as one (the browser disables every control inside) for a team
 * member who may view but not manage the module: they read the values, and change none.
 */
export function ManagedFields({ module, testId, children }: { module: ChannelModuleName; testId?: string; children: ReactNode }) {
  return (
    <StyledFieldset disabled={!useCanManage(module)} data-testid={testId}>
      {children}
    </StyledFieldset>
  )
}

/** A team member whose group does not include the page: said instead of the page (no control, no query the server would refuse). */
export function NoChannelAccess() {
  const { t } = useTranslation()
  return (
    <Alert variant="info" testId="channel-no-access">
      {t('channelAccess.none')}
    </Alert>
  )
}

/** Above a page a team member may read but not change: why its controls are missing or greyed out. */
export function ViewOnlyNotice({ module }: { module: ChannelModuleName }) {
  const { t } = useTranslation()
  const ability = useChannelAbility()
  if (!ability.can('view', module) || ability.can('manage', module)) return null
  return (
    <Alert variant="info" testId="channel-view-only">
      {t('channelAccess.viewOnly')}
    </Alert>
  )
}

/** The page for the chosen channel when its ability allows the need, with the view-only notice; the no-access state otherwise. */
export function ChannelAccessGate({ need, children }: { need: ChannelNeed; children: ReactNode }) {
  const ability = useChannelAbility()
  if (!canOpenChannelPage(ability, need)) return <NoChannelAccess />
  return (
    <>
      {need === 'owner' ? null : <ViewOnlyNotice module={need} />}
      {children}
    </>
  )
}
