/**
 * The EventSub WebSocket of the local Twitch: session_welcome, keepalives, session_reconnect
 * (the subscriptions move to the new connection) and the network's faults (dropped sockets).
 * A disconnected session is gone with its subscriptions; its conduit shards say so.
 */
import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import { WebSocketServer } from 'ws'
import { nextId } from './http-util'
import type { Session } from './twitch-types'
import type { TwitchWorld } from './twitch-world'

export function startEventSubSockets(w: TwitchWorld, server: Server, wsUrl: string) {
  const { sessions, conduits, state, now, keepaliveSeconds } = w
  const wss = new WebSocketServer({ server, path: '/ws' })

  const welcome = (s: Session, status: 'connected' | 'reconnecting' = 'connected') =>
    s.socket?.send(
      JSON.stringify({
        metadata: { message_id: nextId('w'), message_type: 'session_welcome', message_timestamp: new Date(now()).toISOString() },
        payload: {
          session: { id: s.id, status, connected_at: new Date(now()).toISOString(), keepalive_timeout_seconds: keepaliveSeconds, reconnect_url: null },
        },
      }),
    )

  wss.on('connection', (socket, request) => {
    state.connections++
    const u = new URL(request.url ?? '/ws', 'http://local')
    const resume = u.searchParams.get('reconnect')
    let session = resume ? sessions.get(resume) : undefined
    if (session) {
      // session_reconnect: the subscriptions move to the new connection.
      const old = session.socket
      session.socket = socket
      setTimeout(() => old?.close(4004, 'reconnect grace time expired'), 50).unref()
    } else {
      session = { id: randomBytes(10).toString('hex'), socket, subscriptions: [], keepalive: null }
      sessions.set(session.id, session)
    }
    const s = session
    welcome(s)
    if (s.keepalive) clearInterval(s.keepalive)
    s.keepalive = setInterval(() => {
      s.socket?.send(
        JSON.stringify({
          metadata: { message_id: nextId('k'), message_type: 'session_keepalive', message_timestamp: new Date(now()).toISOString() },
          payload: {},
        }),
      )
    }, keepaliveSeconds * 1000)
    s.keepalive.unref()
    socket.on('close', () => {
      if (s.socket === socket) {
        // A disconnected session is gone, with its subscriptions.
        if (s.keepalive) clearInterval(s.keepalive)
        sessions.delete(s.id)
        s.socket = null
        for (const c of conduits.values()) {
          for (const sh of c.shards) {
            if (sh.sessionId !== s.id) continue
            sh.status = 'websocket_disconnected'
            sh.disconnectedAt = new Date(now()).toISOString()
          }
        }
      }
    })
  })

  return {
    wss,
    connectedSessions() {
      return [...sessions.values()].filter((s) => s.socket).length
    },
    /** The network drops every socket (no close frame). */
    dropSockets() {
      for (const s of sessions.values()) s.socket?.terminate()
    },
    /** Twitch asks every client to move to another edge (session_reconnect). */
    forceReconnect() {
      for (const s of sessions.values()) {
        s.socket?.send(
          JSON.stringify({
            metadata: { message_id: nextId('r'), message_type: 'session_reconnect', message_timestamp: new Date(now()).toISOString() },
            payload: {
              session: {
                id: s.id,
                status: 'reconnecting',
                keepalive_timeout_seconds: null,
                reconnect_url: `${wsUrl}?reconnect=${s.id}`,
                connected_at: new Date(now()).toISOString(),
              },
            },
          }),
        )
      }
    },
    async close() {
      for (const s of sessions.values()) if (s.keepalive) clearInterval(s.keepalive)
      for (const c of wss.clients) c.terminate()
      await new Promise<void>((r) => wss.close(() => r()))
    },
  }
}
