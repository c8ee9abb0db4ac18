/**
 * The plans of spec section 9 (prices monthly / yearly per month / yearly total). Their
 * limits apply to real features only (SCOPE.md): no viewers, chatters or views.
 */
export const planSeed = [
  {
    name: 'Starter',
    subtitle: 'For channels getting started',
    monthlyPrice: '8',
    yearlyPerMonth: '17',
    yearlyTotal: '20',
    benefits: ['Chat bot with custom commands', 'Timers', 'Follower analytics', 'VOD and clip library'],
    limits: { channels: 1, commands: 25, timers: 3, conversationAnswersPerMonth: 500, raidsPerDay: 1 },
    popular: false,
    sortOrder: 1,
  },
  {
    name: 'Headstarter',
    subtitle: 'For growing channels',
    monthlyPrice: '15',
    yearlyPerMonth: '35',
    yearlyTotal: '480',
    benefits: ['Everything in Starter', 'Conversation bot', 'Raid panel', 'Category command sets'],
    limits: { channels: 2, commands: 100, timers: 10, conversationAnswersPerMonth: 5000, raidsPerDay: 1 },
    popular: true,
    sortOrder: 2,
  },
  {
    name: 'Pro',
    subtitle: 'For established channels',
    monthlyPrice: '25',
    yearlyPerMonth: '70',
    yearlyTotal: '960',
    benefits: ['Everything in Headstarter', 'Twitch and Kick', 'Priority support'],
    limits: { channels: 4, commands: 500, timers: 50, conversationAnswersPerMonth: 50000, raidsPerDay: 1 },
    popular: false,
    sortOrder: 3,
  },
  {
    name: 'Custom',
    subtitle: 'Tailored to your network',
    monthlyPrice: null,
    yearlyPerMonth: null,
    yearlyTotal: null,
    benefits: ['Limits on request', 'Dedicated support'],
    limits: { channels: null, commands: null, timers: null, conversationAnswersPerMonth: null, raidsPerDay: 1 },
    popular: false,
    sortOrder: 4,
  },
]
