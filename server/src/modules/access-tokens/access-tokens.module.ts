import type { AuthService } from '../../auth/auth.service'
import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createAccessTokensService } from './access-tokens.service'
import { TOKEN_PREFIX } from './secret'
import { tokenRequests } from './token-requests'
import './access-tokens.schema'

export { TOKEN_PREFIX } from './secret'

/**
 * Personal access tokens (issue 32): made in account settings, accepted as bearer values by the
 * same principal cache as a sign-in's JWT (auth/principal.ts), limited by their scopes beside
 * every field's and route's role rule, rate limited per token (tokenRequests, mounted by app.ts
 * before every route).
 */
export const accessTokensModule = defineModule({
  name: 'access-tokens',
  services: (d: Core & { auth: AuthService; channels: ChannelsService }) => {
    const accessTokens = createAccessTokensService({ db: d.db, channels: d.channels, invalidations: d.invalidations, now: d.now })
    d.auth.acceptPersonalTokens({ prefix: TOKEN_PREFIX, resolve: accessTokens.resolve })
    const requests = tokenRequests({
      limitStore: d.limitStore,
      ms: d.ms,
      log: d.log,
      limit: d.config.ACCESS_TOKEN_RATE_LIMIT,
      windowMs: d.config.ACCESS_TOKEN_RATE_WINDOW * 1000,
      touch: accessTokens.touch,
    })
    return { accessTokens: { ...accessTokens, requests } }
  },
})
