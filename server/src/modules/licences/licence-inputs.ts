/** The licences' inputs, validated at the edge. */
import { z } from 'zod'
import { AppError } from '../../errors'
import { idInput } from '../../http/input'
import { MAX_BATCH, MAX_TOTAL_DAYS } from './licence-view'

export const generateInput = z.object({
  planId: idInput('int4'),
  totalDays: z.number().int().min(1).max(MAX_TOTAL_DAYS),
  count: z.number().int().min(1).max(MAX_BATCH),
  resellerId: idInput('int8').nullish(),
})

export const cursorShape = z.object({ id: z.number().int().positive() })

export function invalid(e: z.ZodError): AppError {
  const fields: Record<string, string[]> = {}
  for (const issue of e.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  return new AppError('BAD_USER_INPUT', 'Invalid input', fields)
}
