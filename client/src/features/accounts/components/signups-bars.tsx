import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useTheme } from 'styled-components'

/** The drawing of the signups chart (Recharts, in its own chunk): whole-number ticks, as counts are. */
export default function SignupsBars({ data, seriesName }: { data: ReadonlyArray<{ label: string; count: number }>; seriesName: string }) {
  const theme = useTheme()
  return (
    <ResponsiveContainer width="100%" height={200}>
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={theme.colors.border} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" stroke={theme.colors.textMuted} fontSize={12} minTickGap={16} />
        <YAxis allowDecimals={false} stroke={theme.colors.textMuted} fontSize={12} width={36} />
        <Tooltip contentStyle={{ background: theme.colors.surfaceRaised, borderColor: theme.colors.border }} cursor={{ fill: theme.colors.border }} />
        <Bar dataKey="count" name={seriesName} fill={theme.colors.primary} radius={[2, 2, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}
