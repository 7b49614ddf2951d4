import { COLOR_MODE_COOKIE } from '@luz/shared/boot';
import { rememberColorMode, resolveColorMode, themePreference } from './theme-mode';

const cookieValue = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${COLOR_MODE_COOKIE}=`))
    ?.slice(COLOR_MODE_COOKIE.length + 1);

afterEach(() => window.localStorage.clear());

describe('the colour mode', () => {
  test('is dark until the user chooses, and follows what they chose', () => {
    expect(resolveColorMode(themePreference.get())).toBe('dark');
    themePreference.set('light');
    expect(resolveColorMode(themePreference.get())).toBe('light');
  });

  test('the mode shown is kept in a cookie for the whole site, so the server draws the next page in it', () => {
    rememberColorMode('light');
    expect(cookieValue()).toBe('light');
    rememberColorMode('dark');
    expect(cookieValue()).toBe('dark');
  });
});
