/**
 * Whether a database error (or its cause: drizzle wraps the driver's) is a unique violation
 * (SQLSTATE 23505), on `constraint` when given (matched by name, or in the message where the
 * driver gives no name).
 */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = e as { code?: string; constraint?: string; message?: string; cause?: { code?: string; constraint?: string; message?: string } }
  const c = err.cause ?? err
  if (c.code !== '23505') return false
  return constraint === undefined || c.constraint === constraint || String(c.message).includes(constraint)
}
