import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/**
 * Addresses a webhook may not reach unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES is on: this host,
 * private networks, link-local (cloud metadata at 169.254.169.254), shared, multicast and
 * reserved ranges, v4 and v6. A v4-mapped v6 address is checked as its v4 address.
 */
const refused = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(net, prefix, 'ipv6')

export function isRefusedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return refused.check(mapped[1]!, 'ipv4')
  const family = isIP(address)
  if (family === 0) return true
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

export type Resolved = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string }

/**
 * Resolves the URL's host once and checks every address it has: one refused address refuses
 * the host (a name that resolves to a public and a private address is not a way round). The
 * sender then connects to the checked address only, so a second, different answer from DNS
 * (rebinding) is never used.
 */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<Resolved> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: { address: string; family: number }[]
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true })
  } catch (e) {
    return { ok: false, reason: `the host ${host} did not resolve (${(e as NodeJS.ErrnoException).code ?? 'error'})` }
  }
  if (addresses.length === 0) return { ok: false, reason: `the host ${host} has no address` }
  if (!allowPrivate) {
    const bad = addresses.find((a) => isRefusedAddress(a.address))
    if (bad) return { ok: false, reason: `the address ${bad.address} is private, loopback or link-local; refused` }
  }
  const first = addresses[0]!
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 }
}
