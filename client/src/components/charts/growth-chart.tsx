import { useTranslation } from 'react-i18next'
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useTheme } from 'styled-components'
import { formatDay } from './range'

export interface GrowthDatum {
  at: string
  newFollowers: number
  total: number | null
}

/** New followers per day or week (bars) and the total as the platform reported it (line). */
export function GrowthChart({ points }: { points: readonly GrowthDatum[] }) {
  const { t, i18n } = useTranslation('analytics')
  const theme = useTheme()
  const data = points.map((p) => ({ ...p, label: formatDay(p.at, i18n.language) }))
  const hasTotal = points.some((p) => p.total !== null)
  return (
    <div data-testid="growth-chart" style={{ width: '100%', height: 280 }}>
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={theme.colors.border} strokeDasharray="3 3" />
          <XAxis dataKey="label" stroke={theme.colors.textMuted} fontSize={12} />
          <YAxis yAxisId="new" allowDecimals={false} stroke={theme.colors.textMuted} fontSize={12} />
          {hasTotal ? <YAxis yAxisId="total" orientation="right" allowDecimals={false} stroke={theme.colors.textMuted} fontSize={12} /> : null}
          <Tooltip contentStyle={{ background: theme.colors.surface, borderColor: theme.colors.border }} />
          <Legend />
          <Bar yAxisId="new" dataKey="newFollowers" name={t('growth.newFollowers')} fill={theme.colors.primary} isAnimationActive={false} />
          {hasTotal ? (
            <Line yAxisId="total" dataKey="total" name={t('growth.total')} stroke={theme.colors.success} dot={false} connectNulls isAnimationActive={false} />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}

/** Follows by weekday or hour of day (UTC). */
export function CountBars({ data, testId }: { data: ReadonlyArray<{ label: string; newFollowers: number }>; testId: string }) {
  const { t } = useTranslation('analytics')
  const theme = useTheme()
  return (
    <div data-testid={testId} style={{ width: '100%', height: 220 }}>
      <ResponsiveContainer>
        <ComposedChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={theme.colors.border} strokeDasharray="3 3" />
          <XAxis dataKey="label" stroke={theme.colors.textMuted} fontSize={12} />
          <YAxis allowDecimals={false} stroke={theme.colors.textMuted} fontSize={12} />
          <Tooltip contentStyle={{ background: theme.colors.surface, borderColor: theme.colors.border }} />
          <Bar dataKey="newFollowers" name={t('growth.newFollowers')} fill={theme.colors.info} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}
