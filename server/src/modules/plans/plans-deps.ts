import type { Db } from '../../db/client'
import type { AuditService } from '../audit/audit.service'
import type { Plan } from './plans-model'

/** What createPlansService is given. */
export interface PlansServiceDeps {
  db: Db
  audit: AuditService
  now: () => Date
  cacheMs?: number
  currency?: string
  /** Told after a plan changed (other processes drop their cached plans: services.ts). */
  onChanged?: () => void
}

/** What the plans use cases share, built once by createPlansService: the deps and this process's plan cache. */
export interface PlansDeps extends PlansServiceDeps {
  cacheMs: number
  cache: { current?: { at: number; rows: Plan[] } }
}

export const plansDeps = (deps: PlansServiceDeps): PlansDeps => ({ ...deps, cacheMs: deps.cacheMs ?? 10_000, cache: {} })
