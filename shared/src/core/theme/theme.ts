import type { ColorMode } from '@luz/shared/boot';

/** Palette of spec §9: main #DA70D6 (orchid), secondary #C71585 (medium violet red). */
const palette = {
  main: '#DA70D6',
  secondary: '#C71585',
  success: '#2FB170',
  warning: '#E0A526',
  danger: '#E5484D',
  info: '#4C8DF6',
};

const shared = {
  palette,
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  space: (steps: number) => `${steps * 4}px`,
  font: {
    family: "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
    mono: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, monospace",
    size: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '28px' },
  },
  shadow: { sm: '0 1px 2px rgba(0,0,0,.2)', md: '0 8px 24px rgba(0,0,0,.25)' },
  layout: { sidebarWidth: '232px', topBarHeight: '56px', footerHeight: '36px' },
  breakpoints: { mobile: '720px' },
};

export const darkTheme = {
  ...shared,
  mode: 'dark' as 'dark' | 'light',
  color: {
    background: '#121017',
    surface: '#1B1822',
    surfaceRaised: '#24202D',
    border: '#342E3F',
    text: '#F2EEF6',
    textMuted: '#A59DB3',
    primary: palette.main,
    primaryHover: '#E48FE1',
    primaryText: '#1A0F1A',
    secondary: palette.secondary,
    focus: '#F0A8EE',
    overlay: 'rgba(8, 6, 12, 0.72)',
    success: palette.success,
    warning: palette.warning,
    // Lighter than the palette's red and blue: small text (errors, badges) must reach WCAG AA 4.5:1 here.
    danger: '#F06368',
    /** Background of a solid danger button, under white text. */
    dangerSolid: '#C7323A',
    info: '#5A98F7',
  },
};

export type Theme = typeof darkTheme;

export const lightTheme: Theme = {
  ...shared,
  mode: 'light',
  color: {
    background: '#F7F5F9',
    surface: '#FFFFFF',
    surfaceRaised: '#FFFFFF',
    border: '#E2DCE8',
    text: '#1D1A22',
    textMuted: '#625A6E',
    primary: palette.secondary,
    primaryHover: '#A5106D',
    primaryText: '#FFFFFF',
    secondary: palette.main,
    focus: palette.secondary,
    overlay: 'rgba(20, 16, 28, 0.45)',
    // Dark enough for small text on white and on their own 15% tint (badges): WCAG AA 4.5:1.
    success: '#17764A',
    warning: '#8F5E00',
    danger: '#B42A32',
    dangerSolid: '#B42A32',
    info: '#2560C0',
  },
};

export type { ColorMode };
export const themes: Record<ColorMode, Theme> = { dark: darkTheme, light: lightTheme };
