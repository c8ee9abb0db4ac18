import type { Hono } from 'hono'
import type { AppEnv } from './guarded'
import { limitBody } from './too-large'

/** Request body limits per path (a 413 past them). */
export function bodyLimits(app: Hono<AppEnv>) {
  app.use('/jwt/*', limitBody(16 * 1024))
  app.use('/graphql', limitBody(256 * 1024))
  // Not on GET: bodyLimit reads c.req.raw, which makes @hono/node-server build a full Request.
  const appsBodyLimit = limitBody(64 * 1024)
  app.use('/apps/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : appsBodyLimit(c, next)))
  // A blog post with its cover image (up to ~150 KB as a data URL) fits the GraphQL limit too.
  const blogBodyLimit = limitBody(256 * 1024)
  app.use('/blog/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : blogBodyLimit(c, next)))
}
