// Types every styled component's `theme` as ours, in every package that imports the theme.
import type { Theme } from './theme';

declare module 'styled-components' {
  export interface DefaultTheme extends Theme {}
}
