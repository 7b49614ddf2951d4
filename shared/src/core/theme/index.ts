import './styled';

export { GlobalStyle } from './global-style';
export type { ColorMode, Theme } from './theme';
export { darkTheme, lightTheme, themes } from './theme';
export type { ThemePreference } from './theme-mode';
export { rememberColorMode, resolveColorMode, themePreference, useThemePreference } from './theme-mode';
