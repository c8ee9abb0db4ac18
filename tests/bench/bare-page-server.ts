/**
 * The least a Node.js server can do for the admin's first users page, as a reference for
 * bench:users (never part of the product):
 *   node --import tsx tests/bench/bare-page-server.ts <postgres url> <token secret>
 * node:http, no framework, no middleware, no security headers, no log line; an HMAC bearer token
 * checked; one pooled, prepared pg query of the same shape as the product's page (ten ids by
 * the list index, then their user, bot panel and active licence rows); the total a constant;
 * the rows as they come, stringified. `/healthz` answers a constant. Prints `listening <port>`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import pg from 'pg'

const [url, secret] = process.argv.slice(2)
if (!url || !secret) throw new Error('usage: bare-page-server.ts <postgres url> <token secret>')
const pool = new pg.Pool({ connectionString: url, max: 10 })
const mac = (text: string) => createHmac('sha256', secret).update(text).digest()

const PAGE = `
  select u.id, u.full_name, u.role, u.username, u.email, u.package, u.created_at,
         b.active as bp_active, l.licensekey, l.total_days, l.licensebeginning::text as licensebeginning
  from (select u.id from users u where u.package <> 'None' order by u.id limit 11) p
  join users u on u.id = p.id
  left join bot_panels b on b.user_id = u.id
  left join licences l on l.user_id = u.id and l.status = 'active'
  order by u.id`

/** `<payload>.<HMAC-SHA256 of payload>`, both base64url (tests/bench/users.ts signs it). */
function authorized(header: string | undefined): boolean {
  const [payload, sig] = (header?.slice('Bearer '.length) ?? '').split('.')
  if (!payload || !sig) return false
  const given = Buffer.from(sig, 'base64url')
  const want = mac(payload)
  return given.length === want.length && timingSafeEqual(given, want)
}

const server = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
    return
  }
  if (req.url !== '/page' || !authorized(req.headers.authorization)) {
    res.writeHead(401).end()
    return
  }
  pool.query({ name: 'page', text: PAGE }).then(
    ({ rows }) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ users: rows.slice(0, 10), total: 0, hasNext: rows.length > 10 })),
    () => res.writeHead(500).end(),
  )
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`)
})
