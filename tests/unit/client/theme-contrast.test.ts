import { describe, expect, it } from 'vitest'
import { darkTheme, lightTheme } from '../../../client/src/lib/theme'

/** WCAG 2 relative luminance of an opaque #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const)('%s skin: the danger button text is readable', (_skin, theme) => {
    expect(contrast(theme.colors.onDanger, theme.colors.danger)).toBeGreaterThanOrEqual(4.5)
  })
})

/** An rgba(r, g, b, a) colour laid over an opaque #rrggbb background, as #rrggbb. */
function over(rgba: string, background: string): string {
  const [r, g, b, a] = rgba.match(/[\d.]+/g)!.map(Number) as [number, number, number, number]
  const bg = [1, 3, 5].map((offset) => Number.parseInt(background.slice(offset, offset + 2), 16))
  return `#${[r, g, b]
    .map((c, i) =>
      Math.round(c * a + bg[i]! * (1 - a))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

describe('theme contrast of the shared colour pairs', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const)('%s skin: text on primary, links on surfaces and soft backgrounds, status colours on their soft backgrounds', (_skin, theme) => {
    const c = theme.colors
    const pairs: [string, string, string][] = [
      ['onPrimary on primary', c.onPrimary, c.primary],
      ['link on surface', c.link, c.surface],
      ['link on body', c.link, c.body],
      ['link on primarySoft', c.link, over(c.primarySoft, c.surface)],
      ['textMuted on surface', c.textMuted, c.surface],
      ['textMuted on body', c.textMuted, c.body],
      // The secondary status badge (assistant status, e.g. stopped).
      ['secondary on primarySoft', c.secondary, over(c.primarySoft, c.surface)],
      ['success on successSoft', c.success, over(c.successSoft, c.surface)],
      ['info on infoSoft', c.info, over(c.infoSoft, c.surface)],
      ['warning on warningSoft', c.warning, over(c.warningSoft, c.surface)],
      ['danger on dangerSoft', c.danger, over(c.dangerSoft, c.surface)],
    ]
    const low = pairs.filter(([, fg, bg]) => contrast(fg, bg) < 4.5).map(([name, fg, bg]) => `${name}: ${contrast(fg, bg).toFixed(2)}`)
    expect(low).toEqual([])
  })
})
