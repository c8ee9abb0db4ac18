import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import type { MailService } from '../mail/mail.service'
import type { MarketingService } from './marketing.service'

/** A user's plan before and after a change ('None': no plan). */
export interface PlanChange {
  before: string
  after: string
}

/**
 * The product's own announcement mails, each with the signed marketing links: the web view
 * that records the open, a tracked link to the product's page, and the unsubscribe link.
 * An account that unsubscribed (email opt-out) gets none. They are the product's mails, not
 * caused by the recipient: not counted against anyone's MAIL_RATE_LIMIT (a reseller handing
 * out a batch of keys would otherwise be stopped by their own clients' mails).
 */
export function createAnnouncements(deps: { mail: MailService; marketing: MarketingService }) {
  /** The mail to `userId` that their plan changed, written in `tx`; false when they opted out (or do not exist). */
  async function planChanged(tx: Db, userId: number, change: PlanChange): Promise<boolean> {
    if (change.before === change.after) return false
    const [u] = await tx
      .select({ email: users.email, username: users.username, fullName: users.fullName, optOut: users.emailOptOut })
      .from(users)
      .where(eq(users.id, userId))
    if (!u || u.optOut) return false
    const links = deps.marketing.mailLinks('plan-change', userId, '/dashboard/')
    const plan = (name: string) => (name === 'None' ? 'no plan' : `the ${name} plan`)
    const text = [
      `Hello ${u.fullName || u.username},`,
      '',
      change.after === 'None'
        ? `your account no longer has a plan (it had ${plan(change.before)}). The bot stops until a licence is active again.`
        : `your account is now on ${plan(change.after)} (before: ${plan(change.before)}).`,
      '',
      `Open your dashboard: ${links.click}`,
      `View this mail in the browser: ${links.view}`,
      '',
      `You get these announcements because you have an account. Unsubscribe: ${links.unsubscribe}`,
    ].join('\n')
    const subject = change.after === 'None' ? 'Your plan has ended' : `Your plan is now ${change.after}`
    await deps.mail.send({ to: u.email, subject, text }, tx, null)
    return true
  }

  return { planChanged }
}

export type Announcements = ReturnType<typeof createAnnouncements>
