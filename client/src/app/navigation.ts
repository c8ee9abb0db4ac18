/** The app menu (vertical sidebar and horizontal top menu), filtered by the route guard. */
import type { IconName } from '../components/ui/icon';
import type { UserData } from '../lib/session-types';
import { type GuardContext, canAccessRoute } from './route-guard';
import { type RouteTitleKey, pathFor, routeByName } from './route-table';

export type NavSectionId = 'dashboards' | 'bot' | 'channel' | 'analytics' | 'kick' | 'apps' | 'account' | 'admin';

interface NavItemSpec {
  route: string;
  icon: IconName;
  /** Show the entry only when the ability allows this [action, subject] (the guard still decides access). */
  can?: readonly [action: string, subject: string];
  params?: (user: UserData) => Record<string, string>;
}

interface NavSectionSpec {
  id: NavSectionId;
  items: readonly NavItemSpec[];
}

/** Staff (admins and resellers) manage other people's accounts; admins hold manage on Admin. */
const STAFF = ['update', 'User'] as const;
const ADMIN = ['manage', 'Admin'] as const;

export const NAVIGATION: readonly NavSectionSpec[] = [
  {
    id: 'dashboards',
    items: [
      { route: 'Dashboard', icon: 'home' },
      { route: 'Reseller-ViewerDashboard', icon: 'users', can: STAFF },
    ],
  },
  {
    id: 'bot',
    items: [
      { route: 'bot-panel', icon: 'bot' },
      { route: 'enable-disable', icon: 'toggle' },
      { route: 'chatlist', icon: 'list' },
      { route: 'conversation', icon: 'chat' },
      { route: 'chatboard', icon: 'chat' },
    ],
  },
  {
    id: 'channel',
    items: [
      { route: 'raid-panel', icon: 'zap' },
      { route: 'vod', icon: 'video' },
      { route: 'follower-panel', icon: 'users' },
    ],
  },
  {
    id: 'analytics',
    items: [
      { route: 'follow-dashboard', icon: 'chart' },
      { route: 'video-dashboard', icon: 'chart' },
      { route: 'kick-dashboard', icon: 'chart' },
    ],
  },
  {
    id: 'kick',
    items: [
      { route: 'kick-panel', icon: 'bot' },
      { route: 'kick-pricing', icon: 'dollar' },
    ],
  },
  {
    id: 'apps',
    items: [
      { route: 'apps-chat', icon: 'chat' },
      { route: 'apps-todo', icon: 'list' },
      { route: 'apps-calendar', icon: 'calendar' },
    ],
  },
  {
    id: 'account',
    items: [
      { route: 'pages-license-demo', icon: 'key' },
      { route: 'pages-pricing', icon: 'dollar' },
      { route: 'apps-e-commerce-shop', icon: 'dollar' },
      { route: 'apps-invoice-list', icon: 'list' },
      { route: 'apps-email', icon: 'mail' },
      { route: 'pages-faq', icon: 'help' },
      { route: 'pages-knowledge-base', icon: 'list' },
      { route: 'pages-account-setting', icon: 'settings', params: (user) => ({ id: user.id }) },
    ],
  },
  {
    id: 'admin',
    items: [
      { route: 'user-list', icon: 'users', can: STAFF },
      { route: 'admin-dashboard', icon: 'shield', can: ADMIN },
      { route: 'admin-dashboard-v2', icon: 'shield', can: ADMIN },
      { route: 'kick-admin-dashboard', icon: 'shield', can: ADMIN },
      { route: 'bot-feedback-reports', icon: 'flag', can: ADMIN },
      { route: 'apps-e-commerce-products', icon: 'dollar', can: ADMIN },
      { route: 'license-v11', icon: 'key', can: ADMIN },
      { route: 'license-v2', icon: 'key', can: ADMIN },
    ],
  },
];

export interface NavItem {
  name: string;
  path: string;
  titleKey: RouteTitleKey;
  icon: IconName;
}

export interface NavSection {
  id: NavSectionId;
  items: NavItem[];
}

export function visibleNavigation(user: UserData | null, context: Pick<GuardContext, 'ability' | 'accessToken'>): NavSection[] {
  if (!user) return [];
  return NAVIGATION.map((section) => ({
    id: section.id,
    items: section.items.flatMap((item): NavItem[] => {
      const route = routeByName(item.route);
      if (item.can && !context.ability.can(...item.can)) return [];
      if (!canAccessRoute(route.meta, context)) return [];
      return [{ name: route.name, path: pathFor(route.name, item.params?.(user)), titleKey: route.titleKey, icon: item.icon }];
    }),
  })).filter((section) => section.items.length > 0);
}
