import type { Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { listen } from '../../../server/src/http/listen'

const settings = { PORT: 0, HOST: '127.0.0.1', KEEP_ALIVE_TIMEOUT_MS: 65_000, HEADERS_TIMEOUT_MS: 1000, MAX_CONNECTIONS_PER_ADDRESS: 3 }
const REQUEST = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'

/** A raw connection to the server: what it received, and a promise of its end. */
function open(server: Server) {
  const socket: Socket = connect((server.address() as AddressInfo).port, '127.0.0.1')
  let received = ''
  socket.on('data', (d) => (received += String(d)))
  socket.on('error', () => {})
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)))
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()))
  /** Sends a request and resolves with the status line of the next answer (or '' if the connection ends first). */
  const ask = (text = REQUEST) => {
    const before = received.length
    socket.write(text)
    return new Promise<string>((resolve) => {
      const check = () => {
        const line = received.slice(before).split('\r\n')[0]!
        if (received.length > before && received.slice(before).includes('\r\n')) resolve(line)
        else if (socket.destroyed) resolve('')
        else setTimeout(check, 10)
      }
      check()
    })
  }
  return { socket, closed, connected, ask }
}

describe('listen: limits before a request exists', () => {
  let server: Server | undefined
  afterEach(async () => {
    server?.closeAllConnections()
    await new Promise((r) => server?.close(r))
  })
  const start = () => listen(() => new Response('ok'), settings).then((s) => (server = s))

  it('answers a connection that sends its headers too slowly with 408 and closes it', async () => {
    await start()
    const slow = open(server!)
    await slow.connected
    slow.socket.write('GET / HTTP/1.1\r\nHost: x\r\n')
    // One header line every 100 ms, never the blank line that ends them.
    const trickle = setInterval(() => slow.socket.write('X-Slow: 1\r\n'), 100)
    try {
      expect(await slow.closed).toMatch(/^HTTP\/1\.1 408/)
    } finally {
      clearInterval(trickle)
    }
  })

  it('keeps an idle keep-alive connection longer than the header timeout', async () => {
    await start()
    const kept = open(server!)
    expect(await kept.ask()).toBe('HTTP/1.1 200 OK')
    await new Promise((r) => setTimeout(r, settings.HEADERS_TIMEOUT_MS * 1.5))
    expect(await kept.ask()).toBe('HTTP/1.1 200 OK')
  })

  it('closes connections from one address beyond MAX_CONNECTIONS_PER_ADDRESS at once; a closed one frees its place', async () => {
    await start()
    const held = [open(server!), open(server!), open(server!)]
    for (const c of held) expect(await c.ask()).toBe('HTTP/1.1 200 OK')
    const extra = open(server!)
    expect(await extra.closed).toBe('')
    held[0]!.socket.destroy()
    await held[0]!.closed
    // The server notices the close a moment later: the next connection is served once it has.
    let served = ''
    for (let i = 0; i < 50 && !served; i++) served = await open(server!).ask()
    expect(served).toBe('HTTP/1.1 200 OK')
  })
})
