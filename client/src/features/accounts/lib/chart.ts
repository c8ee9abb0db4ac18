/** Geometry of the signups chart (a plain SVG bar chart, no chart library). */
export interface ChartPoint {
  label: string;
  value: number;
}

export interface ChartBar extends ChartPoint {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartGeometry {
  bars: ChartBar[];
  /** The top of the value axis (a "nice" number ≥ the largest value, at least 1). */
  max: number;
  /** Axis ticks from 0 to max. */
  ticks: Array<{ value: number; y: number }>;
}

/** 1, 2, 5, 10, 20, 50 … : the smallest such number ≥ value. */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/**
 * Bars inside a plot area of `width` × `height` (origin top left, value 0 at the bottom).
 * A gap of `gapRatio` of each slot separates the bars.
 */
export function barChart(points: readonly ChartPoint[], width: number, height: number, gapRatio = 0.25): ChartGeometry {
  const largest = points.reduce((m, p) => Math.max(m, p.value), 0);
  const max = niceCeiling(largest);
  const slot = points.length > 0 ? width / points.length : width;
  const barWidth = Math.max(1, slot * (1 - gapRatio));
  const bars = points.map((point, index) => {
    const barHeight = (Math.max(0, point.value) / max) * height;
    return {
      ...point,
      x: index * slot + (slot - barWidth) / 2,
      y: height - barHeight,
      width: barWidth,
      height: barHeight,
    };
  });
  const tickCount = max <= 4 ? max : 4;
  const ticks = Array.from({ length: tickCount + 1 }, (_, i) => {
    const value = (max / tickCount) * i;
    return { value, y: height - (value / max) * height };
  });
  return { bars, max, ticks };
}
