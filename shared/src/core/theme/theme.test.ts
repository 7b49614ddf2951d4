import { darkTheme, lightTheme, type Theme } from './theme';

/** WCAG 2 contrast of two opaque #RRGGBB colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((start) => {
      const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (high + 0.05) / (low + 0.05);
}

/** `color` laid at `alpha` over `background`, as the badges and alerts tint their tone (`${color}26`). */
function tint(color: string, alpha: number, background: string): string {
  const channel = (hex: string, start: number) => Number.parseInt(hex.slice(start, start + 2), 16);
  return `#${[1, 3, 5]
    .map((start) => Math.round(channel(color, start) * alpha + channel(background, start) * (1 - alpha)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

const AA = 4.5;
const tones = ['success', 'warning', 'danger', 'info'] as const;

describe.each([
  ['dark', darkTheme],
  ['light', lightTheme],
] as [string, Theme][])('%s theme: small text reaches WCAG AA', (_name, theme) => {
  const { color } = theme;

  test.each(tones)('%s text on the surface, the page and its own badge tint', (tone) => {
    expect(contrast(color[tone], color.surface)).toBeGreaterThanOrEqual(AA);
    expect(contrast(color[tone], color.background)).toBeGreaterThanOrEqual(AA);
    expect(contrast(color[tone], tint(color[tone], 0x26 / 255, color.surface))).toBeGreaterThanOrEqual(AA);
  });

  test('text, muted text and links', () => {
    expect(contrast(color.text, color.surface)).toBeGreaterThanOrEqual(AA);
    expect(contrast(color.textMuted, color.surface)).toBeGreaterThanOrEqual(AA);
    expect(contrast(color.textMuted, color.surfaceRaised)).toBeGreaterThanOrEqual(AA);
    expect(contrast(color.primary, color.background)).toBeGreaterThanOrEqual(AA);
    // The active item of the sidebar: primary on a 8% tint of itself.
    expect(contrast(color.primary, tint(color.primary, 0x14 / 255, color.surface))).toBeGreaterThanOrEqual(
      AA,
    );
  });

  test('labels of solid buttons', () => {
    expect(contrast(color.primaryText, color.primary)).toBeGreaterThanOrEqual(AA);
    expect(contrast('#FFFFFF', color.dangerSolid)).toBeGreaterThanOrEqual(AA);
  });
});
