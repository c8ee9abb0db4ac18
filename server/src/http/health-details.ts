import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { principalOf, type AppEnv } from './guarded'

/** Headers a reverse proxy adds: a request carrying one came from somewhere else, whatever its socket says. */
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip']

const isLoopbackAddress = (a: string) => /^127\./.test(a) || a === '::1' || /^::ffff:127\./i.test(a)

/**
 * Whether this caller may read `/healthz?details` (event-loop delay, admission figures: what
 * an attacker would use to time a flood). Operators read them on the machine itself (a
 * loopback socket, not relayed by a proxy on the same host), with an admin's token, or
 * everywhere with HEALTH_DETAILS=public. A request without a socket (in process) is not
 * taken for loopback.
 */
export async function mayReadHealthDetails(c: Context<AppEnv>, setting: 'loopback' | 'public'): Promise<boolean> {
  if (setting === 'public') return true
  if (!FORWARDED.some((h) => c.req.header(h) !== undefined)) {
    let address: string | undefined
    try {
      address = getConnInfo(c).remote.address
    } catch {
      address = undefined // in-process request: no socket
    }
    if (address && isLoopbackAddress(address)) return true
  }
  try {
    return (await principalOf(c))?.admin === true
  } catch {
    return false // a bad token on a public route: simply no details
  }
}
