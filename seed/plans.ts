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
    additions: ['1 channel', '25 commands, 3 timers', '500 conversation answers a month'],
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
    additions: ['2 channels', '100 commands, 10 timers', '5,000 conversation answers a month'],
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
    additions: ['4 channels', '500 commands, 50 timers', '50,000 conversation answers a month'],
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
    additions: ['As many channels as you need', 'Contact us for a quote'],
    limits: { channels: null, commands: null, timers: null, conversationAnswersPerMonth: null, raidsPerDay: 1 },
    popular: false,
    sortOrder: 4,
  },
]

/**
 * The pricing pages' Q and A (`qandA: [{question, ans}]`): for both pages ('all') or one.
 * The spec's texts: languages, payment, the trial (it includes every feature).
 */
export const pricingQuestionSeed: Array<{ platform: 'all' | 'twitch' | 'kick'; question: string; answer: string; sortOrder: number }> = [
  {
    platform: 'all',
    question: 'Which languages does the assistant speak?',
    answer: 'English, German and French, in chat and in the dashboard.',
    sortOrder: 1,
  },
  {
    platform: 'all',
    question: 'How can I pay?',
    answer: 'By card, PayPal or crypto, through our two payment providers.',
    sortOrder: 2,
  },
  {
    platform: 'all',
    question: 'Does the trial include every feature?',
    answer: 'Yes. The trial licence includes every feature of the plan.',
    sortOrder: 3,
  },
  {
    platform: 'all',
    question: 'Do you sell viewers, followers or chatters?',
    answer:
      'No. The assistant helps you run your own channel and never fakes an audience: viewer, follow or chat bots break the rules of Twitch and Kick.',
    sortOrder: 4,
  },
  {
    platform: 'twitch',
    question: 'How often can I raid?',
    answer: 'One raid per 24 h per channel, started from the Raid Panel through Twitch.',
    sortOrder: 5,
  },
  {
    platform: 'kick',
    question: 'How often can I raid on Kick?',
    answer: 'One raid per 24 h per channel.',
    sortOrder: 5,
  },
]
