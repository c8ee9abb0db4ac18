import { z } from 'zod'
import { shape, type RouteDoc } from '../../http/route-doc'

const pricing = z.object({
  basicPlan: shape('Starter: title, img, subtitle, monthlyPrice, yearlyPlan, planBenefits, planAdditions, popular.'),
  standardPlan: shape('Headstarter, same keys.'),
  enterprisePlan: shape('Pro, same keys.'),
  customPlan: shape('Custom (no price), same keys.'),
  qandA: z.array(z.looseObject({})).meta({ description: 'Questions and answers of the pricing page.' }),
})

export const plansDocs = {
  twitch: {
    summary: 'The pricing page (Twitch plans)',
    description: 'From the plans table, in the Accept-Language.',
    responses: { 200: { description: 'The four plans and the Q&A.', body: pricing } },
  },
  kick: {
    summary: 'The pricing page (Kick plans)',
    description: 'From the plans table, in the Accept-Language.',
    responses: { 200: { description: 'The four plans and the Q&A.', body: pricing } },
  },
} satisfies Record<string, RouteDoc>
