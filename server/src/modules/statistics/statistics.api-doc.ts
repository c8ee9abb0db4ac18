import { z } from 'zod'
import { notFound, shape, type RouteDoc } from '../../http/route-doc'

const staff = 'Admins and resellers (a reseller’s figures are their clients’); clients are refused (403).'

export const statisticsDocs = {
  cardStatistic: {
    summary: 'A statistics card',
    description: staff,
    params: z.object({ name: z.enum(['subscribers', 'revenue', 'sales', 'orders', 'site-traffic', 'active-users', 'newsletter']) }),
    responses: {
      200: { description: 'The card’s figures and series.', body: shape('The card (spec section 7).') },
      403: { description: 'A client.' },
      404: notFound('Unknown card'),
    },
  },
  cardAnalytic: {
    summary: 'An analytics card',
    description: staff,
    params: z.object({
      name: z.enum(['support-tracker', 'avg-sessions', 'revenue-report', 'goal-overview', 'revenue', 'product-orders', 'sessions-device', 'customers']),
    }),
    responses: {
      200: { description: 'The card’s figures and series.', body: shape('The card (spec section 7).') },
      403: { description: 'A client.' },
      404: notFound('Unknown card'),
    },
  },
  analytics: {
    summary: 'The analytics dashboard’s data',
    description: staff,
    responses: { 200: { description: 'The dashboard’s cards.', body: shape('Cards by name.') }, 403: { description: 'A client.' } },
  },
  ecommerce: {
    summary: 'The e-commerce dashboard’s data',
    description: staff,
    responses: { 200: { description: 'The dashboard’s cards.', body: shape('Cards by name.') }, 403: { description: 'A client.' } },
  },
  profile: {
    summary: 'The caller’s own profile page data',
    responses: {
      200: {
        description: 'The caller’s own record and settings (header, about …); the social-feed parts are empty lists: the product has no feed.',
        body: shape('The profile page’s data.'),
      },
    },
  },
} satisfies Record<string, RouteDoc>
