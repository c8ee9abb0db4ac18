import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { type ChartPoint, barChart } from '../lib/chart';
import { useFormatters } from '../lib/format';

const WIDTH = 760;
const HEIGHT = 200;
const LEFT = 36;
const RIGHT = 12;
const BOTTOM = 24;
const TOP = 8;

const StyledSvg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
  color: ${({ theme }) => theme.colors.primary};

  .grid {
    stroke: ${({ theme }) => theme.colors.border};
    stroke-dasharray: 3 3;
  }

  .axis-label {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-family: ${({ theme }) => theme.fonts.body};
  }

  .bar {
    fill: currentColor;
  }

  .bar:hover {
    fill: ${({ theme }) => theme.colors.primaryHover};
  }
`;

const StyledFigure = styled.figure`
  margin: 0;
`;

/**
 * New accounts per day as a bar chart in plain SVG. Screen readers get a summary and the
 * values in a hidden table.
 */
export function SignupsChart({ days }: { days: Array<{ day: string; count: number }> }) {
  const { t } = useTranslation('accounts');
  const format = useFormatters();
  const points: ChartPoint[] = days.map((d) => ({ label: d.day, value: d.count }));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const chart = barChart(points, plotWidth, plotHeight);
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));

  return (
    <StyledFigure data-testid="signups-chart">
      <StyledSvg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('admin.signupsSummary', { total, days: days.length })}>
        <g transform={`translate(${LEFT} ${TOP})`}>
          {chart.ticks.map((tick) => (
            <g key={tick.value}>
              <line className="grid" x1={0} x2={plotWidth} y1={tick.y} y2={tick.y} />
              <text className="axis-label" x={-6} y={tick.y + 4} textAnchor="end">
                {format.number(Math.round(tick.value))}
              </text>
            </g>
          ))}
          {chart.bars.map((bar) => (
            <rect key={bar.label} className="bar" x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, bar.value > 0 ? 1 : 0)} rx={2}>
              <title>{`${format.shortDay(bar.label)}: ${format.number(bar.value)}`}</title>
            </rect>
          ))}
          {chart.bars.map((bar, index) =>
            (index % labelEvery === 0 && chart.bars.length - 1 - index >= labelEvery / 2) || index === chart.bars.length - 1 ? (
              <text
                key={`label-${bar.label}`}
                className="axis-label"
                x={index === chart.bars.length - 1 ? bar.x + bar.width : bar.x + bar.width / 2}
                y={plotHeight + 16}
                textAnchor={index === chart.bars.length - 1 ? 'end' : 'middle'}
              >
                {format.shortDay(bar.label)}
              </text>
            ) : null,
          )}
        </g>
      </StyledSvg>
      <table className="visually-hidden">
        <caption>{t('admin.signups')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.day')}</th>
            <th scope="col">{t('admin.newAccounts')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{format.date(d.day)}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </StyledFigure>
  );
}
