import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface Arrived {
  to: string[]
  data: string
}

/** A local SMTP server that keeps what arrived; `refuse` names recipients it turns away (450). */
export async function startSmtp() {
  const arrived: Arrived[] = []
  const refuse = new Map<string, number>() // address → refusals left (Infinity: always)
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      const left = refuse.get(address.address) ?? 0
      if (left > 0) {
        refuse.set(address.address, left - 1)
        const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 450 })
        return cb(err)
      }
      cb()
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        arrived.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') })
        cb()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.server.address() as AddressInfo).port
  return { arrived, refuse, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

export type LocalSmtp = Awaited<ReturnType<typeof startSmtp>>
