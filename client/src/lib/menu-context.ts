/**
 * The menu the signed-in user may open (app/navigation.ts composes it from the features), handed
 * to the pages of the app layouts through context: a page that shows menu entries (a role's
 * tasks on the dashboard) reads it here instead of importing the app.
 */
import { createContext, useContext } from 'react'
import type { IconName } from '../components/ui/icon'
import type { NavSectionId, RouteTitleKey } from './feature'

export interface NavItem {
  name: string
  path: string
  titleKey: RouteTitleKey
  icon: IconName
}

export interface NavSection {
  id: NavSectionId
  items: NavItem[]
}

export const MenuContext = createContext<readonly NavSection[]>([])

export function useMenu(): readonly NavSection[] {
  return useContext(MenuContext)
}
