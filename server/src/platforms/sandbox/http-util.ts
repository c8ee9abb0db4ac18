import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Req {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: string
  json(): unknown
  form(): URLSearchParams
}

export interface Res {
  status: number
  headers?: Record<string, string>
  body?: unknown
}

export type Handler = (req: Req) => Res | Promise<Res>

/** A small HTTP server on 127.0.0.1, port 0, for the local platform fixtures. */
export async function listen(handler: Handler): Promise<{ server: Server; port: number; url: string }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://local')
      const body = Buffer.concat(chunks).toString('utf8')
      const r: Req = {
        method: req.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body,
        json: () => (body ? JSON.parse(body) : {}),
        form: () => new URLSearchParams(body),
      }
      Promise.resolve()
        .then(() => handler(r))
        .catch((e: unknown): Res => ({ status: 500, body: { message: (e as Error).message } }))
        .then((out) => {
          const headers: Record<string, string> = { ...out.headers }
          let payload = ''
          if (out.body !== undefined) {
            payload = typeof out.body === 'string' ? out.body : JSON.stringify(out.body)
            headers['content-type'] ??= 'application/json'
          }
          res.writeHead(out.status, headers)
          res.end(payload)
        })
        // An answer that cannot be written (a body that does not serialize): the connection ends.
        .catch((e: unknown) => res.destroy(e as Error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return { server, port, url: `http://127.0.0.1:${port}` }
}

export const bearer = (req: Req) => /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1]

let counter = 0
export const nextId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`
