import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '../../../client/src/lib/theme';

/** WCAG 2 relative luminance of an opaque #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const)('%s skin: the danger button text is readable', (_skin, theme) => {
    expect(contrast(theme.colors.onDanger, theme.colors.danger)).toBeGreaterThanOrEqual(4.5);
  });
});
