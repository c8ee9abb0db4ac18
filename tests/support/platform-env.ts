import type { TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { localPlatformEnv } from './local-platforms'
import type { TestApp } from './test-app'

/** The app's Twitch configuration pointing at a local Twitch server. */
export const twitchEnv = (twitch: TwitchServer): Record<string, string> => localPlatformEnv(twitch)

/** GraphQL against the test app as the current token: `ok` throws on errors, `code` answers the first error's code. */
export function gqlAs(app: () => TestApp, token: () => string) {
  const gql = async (query: string, variables: Record<string, unknown> = {}, as = token()) => app().gql(query, variables, as)
  return {
    gql,
    async ok(query: string, variables: Record<string, unknown> = {}, as = token()) {
      const res = await gql(query, variables, as)
      if (res.body.errors) throw new Error(JSON.stringify(res.body.errors))
      return res.body.data
    },
    async code(query: string, variables: Record<string, unknown> = {}, as = token()): Promise<string | undefined> {
      return (await gql(query, variables, as)).body.errors?.[0]?.extensions?.code
    },
  }
}
