import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { emailChanges } from './account.tables'

/**
 * Whether `email` is still held by an undo link: an account changed its sign-in address away
 * from it and may take it back until the link expires or is used. No other account may take
 * it meanwhile (registration, an account created by staff, another account's e-mail change),
 * or the undo would collide with it, or whoever took over could keep the address.
 */
export async function emailHeldForUndo(db: Db, email: string, at: Date, exceptUserId?: number): Promise<boolean> {
  const conditions = [eq(emailChanges.oldEmail, email), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, at)]
  if (exceptUserId !== undefined) conditions.push(ne(emailChanges.userId, exceptUserId))
  const [held] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(and(...conditions))
    .limit(1)
  return held !== undefined
}
