import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useTheme } from 'styled-components'

export interface SeriesPoint {
  label: string
  value: number
}

/**
 * One card's series as bars (Recharts, loaded in its own chunk). Counts get whole-number
 * ticks; money gets ticks and tooltips in the deployment's currency through `format`.
 */
export default function SeriesBars({
  points,
  name,
  format,
  money,
  tone,
}: {
  points: readonly SeriesPoint[]
  name: string
  format: (value: number) => string
  money: boolean
  tone: 'primary' | 'success' | 'warning' | 'info'
}) {
  const theme = useTheme()
  const fill = tone === 'primary' ? theme.colors.primary : theme.colors[tone]
  return (
    <ResponsiveContainer width="100%" height={140}>
      <BarChart data={[...points]} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={theme.colors.border} strokeDasharray="2 4" vertical={false} />
        <XAxis dataKey="label" stroke={theme.colors.textMuted} fontSize={11} interval="preserveStartEnd" />
        <YAxis allowDecimals={money} tickFormatter={format} stroke={theme.colors.textMuted} fontSize={11} width={money ? 64 : 32} />
        <Tooltip
          formatter={(v) => [format(Number(v)), name]}
          contentStyle={{ background: theme.colors.surfaceRaised, borderColor: theme.colors.border }}
          cursor={{ fill: theme.colors.border }}
        />
        <Bar dataKey="value" name={name} fill={fill} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}
