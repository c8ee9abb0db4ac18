/** One lazily loaded chunk per page (named for chunk-failure messages). */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../lib/lazy-page';
import type { PageKey } from './route-table';

export type PageProps = { title: string };

export const PAGES: Record<PageKey, LazyExoticComponent<ComponentType<PageProps>>> = {
  login: lazyPage<PageProps>('login-page', () => import('../features/auth/pages/login-page')),
  register: lazyPage<PageProps>('register-page', () => import('../features/auth/pages/register-page')),
  forgotPassword: lazyPage<PageProps>('forgot-password-page', () => import('../features/auth/pages/forgot-password-page')),
  notFound: lazyPage<PageProps>('not-found-page', () => import('../features/misc/pages/not-found-page')),
  notAuthorized: lazyPage<PageProps>('not-authorized-page', () => import('../features/misc/pages/not-authorized-page')),
  comingSoon: lazyPage<PageProps>('coming-soon-page', () => import('../features/misc/pages/coming-soon-page')),
  underMaintenance: lazyPage<PageProps>('under-maintenance-page', () => import('../features/misc/pages/under-maintenance-page')),
  miscError: lazyPage<PageProps>('error-page', () => import('../features/misc/pages/error-page')),
  placeholder: lazyPage<PageProps>('placeholder-page', () => import('../features/placeholder/pages/placeholder-page')),
  userList: lazyPage<PageProps>('user-list-page', () => import('../features/accounts/pages/user-list-page')),
  userView: lazyPage<PageProps>('user-view-page', () => import('../features/accounts/pages/user-view-page')),
  userEdit: lazyPage<PageProps>('user-edit-page', () => import('../features/accounts/pages/user-edit-page')),
  licenceManage: lazyPage<PageProps>('licence-manage-page', () => import('../features/accounts/pages/licence-manage-page')),
  licenceActivation: lazyPage<PageProps>('licence-activation-page', () => import('../features/accounts/pages/licence-activation-page')),
  accountSettings: lazyPage<PageProps>('account-settings-page', () => import('../features/accounts/pages/account-settings-page')),
  adminDashboard: lazyPage<PageProps>('admin-dashboard-page', () => import('../features/accounts/pages/admin-dashboard-page')),
  resellerDashboard: lazyPage<PageProps>('reseller-dashboard-page', () => import('../features/accounts/pages/reseller-dashboard-page')),
  pricing: lazyPage<PageProps>('pricing-page', () => import('../features/pricing/pages/pricing-page')),
  kickPricing: lazyPage<PageProps>('kick-pricing-page', () => import('../features/pricing/pages/kick-pricing-page')),
  undoEmailChange: lazyPage<PageProps>('undo-email-change-page', () => import('../features/accounts/pages/undo-email-change-page')),
  unsubscribeMail: lazyPage<PageProps>('unsubscribe-page', () => import('../features/marketing/pages/unsubscribe-page')),
  trackMarketing: lazyPage<PageProps>('track-marketing-page', () => import('../features/marketing/pages/track-marketing-page')),
  redirectToPage: lazyPage<PageProps>('redirect-page', () => import('../features/marketing/pages/redirect-page')),
  dashboard: lazyPage<PageProps>('dashboard-page', () => import('../features/assistant/pages/dashboard-page')),
  botPanel: lazyPage<PageProps>('bot-panel-page', () => import('../features/assistant/pages/bot-panel-page')),
  kickPanel: lazyPage<PageProps>('kick-panel-page', () => import('../features/assistant/pages/kick-panel-page')),
  enableModules: lazyPage<PageProps>('enable-page', () => import('../features/assistant/pages/enable-page')),
  chatlist: lazyPage<PageProps>('chatlist-page', () => import('../features/assistant/pages/chatlist-page')),
  chatboard: lazyPage<PageProps>('chatboard-page', () => import('../features/assistant/pages/chatboard-page')),
  followerPanel: lazyPage<PageProps>('follower-panel-page', () => import('../features/followers/pages/follower-panel-page')),
  followDashboard: lazyPage<PageProps>('follow-dashboard-page', () => import('../features/analytics/pages/follow-dashboard-page')),
  kickDashboard: lazyPage<PageProps>('kick-dashboard-page', () => import('../features/analytics/pages/kick-dashboard-page')),
  feedbackReports: lazyPage<PageProps>('feedback-reports-page', () => import('../features/feedback/pages/feedback-reports-page')),
  raidPanel: lazyPage<PageProps>('raid-page', () => import('../features/raids/pages/raid-page')),
  vod: lazyPage<PageProps>('vod-page', () => import('../features/videos/pages/vod-page')),
  faq: lazyPage<PageProps>('faq-page', () => import('../features/help/pages/faq-page')),
  kbHome: lazyPage<PageProps>('kb-home-page', () => import('../features/help/pages/kb-home-page')),
  kbCategory: lazyPage<PageProps>('kb-category-page', () => import('../features/help/pages/kb-category-page')),
  kbArticle: lazyPage<PageProps>('kb-article-page', () => import('../features/help/pages/kb-article-page')),
  videoDashboard: lazyPage<PageProps>('video-dashboard-page', () => import('../features/videos/pages/video-dashboard-page')),
};
