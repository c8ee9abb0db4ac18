import { builder } from '../../graphql/builder'
import { toId } from '../../ids'

builder.queryFields((t) => ({
  // Firebase admin claim (modules/firebase-auth): admins with the claim only.
  firebaseAdminClaim: t.boolean({
    authScopes: { can: ['manage', 'User'] },
    nullable: true,
    description:
      "Admins, AUTH_PROVIDER=firebase: whether the user's Firebase account carries the `admin` custom claim; null when the account is not linked to Firebase.",
    args: { userId: t.arg.id({ required: true, description: 'The user’s id.' }) },
    resolve: (_root, { userId }, ctx) => ctx.services.firebaseAuth.adminClaimOf(toId(userId, 'userId')),
  }),
}))

builder.mutationFields((t) => ({
  setFirebaseAdminClaim: t.withAuth({ can: ['manage', 'User'] }).boolean({
    description:
      'Admins, AUTH_PROVIDER=firebase: grants or removes the `admin` custom claim (audited). Manage routes need it; a removal takes effect at the next token refresh.',
    args: {
      userId: t.arg.id({ required: true, description: 'The user’s id (the account must be linked to Firebase).' }),
      admin: t.arg.boolean({ required: true, description: 'True: grant the claim; false: remove it.' }),
    },
    resolve: (_root, { userId, admin }, ctx) => ctx.services.firebaseAuth.setAdminClaim(ctx.principal, toId(userId, 'userId'), admin),
  }),
}))
