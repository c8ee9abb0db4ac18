import { describe, expect, it } from 'vitest'
import calendarEn from '../../../client/src/features/calendar/locales/en.json'
import { planSeed } from '../../../server/src/modules/plans/plans.seed-data'
import { DEMO_INVOICE_SERVICES, servicePrice } from '../../../seed/invoices'

/** Issue 36 item 19: what the template left behind is shown as the product's own. */
describe('the product’s own words, not the template’s', () => {
  it('names the calendar kept as "ETC" in words', () => {
    expect(calendarEn.calendars.ETC).toBe('Other')
  })

  it('bills the demo invoices for the product’s plans at their catalogue prices', () => {
    const plans = new Set(planSeed.map((p) => p.name))
    for (const service of DEMO_INVOICE_SERVICES) {
      expect(plans.has(service.plan), service.description).toBe(true)
      expect(service.description).toBe(`${service.plan} — ${service.term === 'year' ? 365 : 30} days`)
      const plan = planSeed.find((p) => p.name === service.plan)!
      expect(servicePrice(service)).toBe(Number(service.term === 'year' ? plan.yearlyTotal : plan.monthlyPrice))
    }
    expect(DEMO_INVOICE_SERVICES.map((s) => s.description).join(' ')).not.toMatch(/Software|Template|Design/)
  })
})
