import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useTheme } from 'styled-components'
import type { VideoDashboardQuery } from '../graphql/video-dashboard.generated'
import { formatDay } from '../lib/format'

type Week = VideoDashboardQuery['videoDashboard']['weeks'][number]

const HEIGHT = 260

/** Bars per week for two series (counts or views); the table below each chart gives the same figures to screen readers. */
export function WeeklyChart({
  weeks,
  series,
  label,
  testId,
}: {
  weeks: readonly Week[]
  series: ['videos', 'clips'] | ['videoViews', 'clipViews']
  label: string
  testId: string
}) {
  const { t, i18n } = useTranslation('videos')
  const theme = useTheme()
  const colors = [theme.colors.primary, theme.colors.info]
  return (
    <figure data-testid={testId} aria-label={label}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={weeks.map((w) => ({ ...w, label: formatDay(w.week, i18n.language) }))}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
          <XAxis dataKey="label" stroke={theme.colors.textMuted} fontSize={12} />
          <YAxis allowDecimals={false} stroke={theme.colors.textMuted} fontSize={12} />
          <Tooltip contentStyle={{ background: theme.colors.surfaceRaised, borderColor: theme.colors.border }} />
          <Legend />
          {series.map((key, i) => (
            <Bar key={key} dataKey={key} name={t(`dashboard.series.${key}`)} fill={colors[i]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  )
}
