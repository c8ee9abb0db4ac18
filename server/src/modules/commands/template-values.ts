import type { ChannelRow } from '../channels/channels.tables'
import type { Counters } from './counters'
import type { BotState, PlatformValues } from './platform-values'
import { templateNeeds, type TemplateContext } from './template'

/** The values a template reads beyond who wrote it: its named counters and its platform variables. */
export type TemplateValues = Required<Pick<TemplateContext, 'counters' | 'platform'>>

/**
 * The one resolver of the values a template reads (${counter name}, ${title}, ${viewers},
 * ${followage} …), used by commands, timers and conversation answers alike, so every bot text
 * knows the same variables and a busy chat hits the same cache. No viewer (a timer): no
 * ${followage} call, the variable shows "(unknown)".
 */
export function createTemplateValues(deps: { counters: Pick<Counters, 'values'>; values: Pick<PlatformValues, 'resolve'> }) {
  return async function templateValues(row: ChannelRow, template: string, viewerId: string | null, state: BotState): Promise<TemplateValues> {
    const needs = templateNeeds(template)
    const platformNames = viewerId === null ? needs.platform.filter((n) => n !== 'followage') : needs.platform
    const [counters, platform] = await Promise.all([
      deps.counters.values(row.id, needs.counters),
      deps.values.resolve(row, platformNames, viewerId ?? '', state),
    ])
    return { counters, platform }
  }
}

export type TemplateValuesResolver = ReturnType<typeof createTemplateValues>
