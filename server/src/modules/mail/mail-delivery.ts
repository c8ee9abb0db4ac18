import { and, asc, eq, lte } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '../../db/client'
import { mailOutbox } from '../../db/schema'
import type { Logger } from '../../logger'

export interface DeliveryOptions {
  smtpUrl: string
  from: string
  /** Attempts before a mail is dead-lettered (status 'dead', kept with its last error). */
  maxAttempts: number
  /** First retry delay; doubles with each failed attempt. */
  backoffMs: number
  tickMs: number
  now: () => Date
}

/**
 * Sends the outbox through SMTP (nodemailer): due mails oldest first, one at a time; a refused
 * or failed delivery is retried with exponential backoff, and after `maxAttempts` the mail is
 * dead-lettered. Runs on an interval in the server process; stop() waits for the mail in flight.
 */
export function createMailDelivery(db: Db, log: Logger, opts: DeliveryOptions) {
  const transport = nodemailer.createTransport(opts.smtpUrl)
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let stopped = false

  async function deliverDue(limit = 20): Promise<number> {
    const due = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, opts.now())))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
    let sent = 0
    for (const m of due) {
      if (stopped) break
      try {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text })
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: opts.now(), attempts: m.attempts + 1, lastError: null })
          .where(eq(mailOutbox.id, m.id))
        sent++
      } catch (e) {
        const attempts = m.attempts + 1
        const dead = attempts >= opts.maxAttempts
        const error = (e instanceof Error ? e.message : String(e)).slice(0, 500)
        await db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: error,
            status: dead ? 'dead' : 'queued',
            nextAttemptAt: new Date(opts.now().getTime() + opts.backoffMs * 2 ** (attempts - 1)),
          })
          .where(eq(mailOutbox.id, m.id))
        log.warn({ mailId: m.id, attempts, dead }, dead ? 'mail dead-lettered after its last attempt' : 'mail delivery failed; will retry')
      }
    }
    return sent
  }

  return {
    /** One pass over the due mails (tests call it directly); never two passes at once. */
    async tick(): Promise<number> {
      if (running) return running
      running = deliverDue().finally(() => (running = undefined))
      return running
    },
    start() {
      timer = setInterval(() => void this.tick().catch((e: unknown) => log.error({ err: e }, 'mail delivery pass failed')), opts.tickMs)
      timer.unref()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await running?.catch(() => undefined)
      transport.close()
    },
  }
}

export type MailDelivery = ReturnType<typeof createMailDelivery>
