import { builder } from '../../graphql/builder'

builder.mutationField('unsubscribe', (t) =>
  t.boolean({
    authScopes: { public: true },
    description: 'The unsubscribe link of a marketing mail: sets the email opt-out of the signed user id.',
    args: { token: t.arg.string({ required: true, description: 'The signed token from the mail’s unsubscribe link.' }) },
    resolve: async (_root, { token }, ctx) => {
      await ctx.services.marketing.unsubscribe(token)
      return true
    },
  }),
)
