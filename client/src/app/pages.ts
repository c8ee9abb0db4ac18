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
};
