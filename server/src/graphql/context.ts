import type { UserRow } from '../db/schema'
import type { Logger } from '../logger'
import type { Principal } from '../permissions/abilities'
import type { Services } from '../services'

export interface GraphQLContext {
  principal: Principal | null
  user: UserRow | null
  services: Services
  /** The caller's address, for rate limits. */
  clientKey: string
  log: Logger
}
