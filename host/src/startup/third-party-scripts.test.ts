import type { RuntimeConfig } from '@luz/shared';
import { loadThirdPartyScripts } from './third-party-scripts';

const config = {
  scripts: { chat: 'https://chat.example.com/w.js', session_recording: 'https://rec.example.com/r.js' },
} as RuntimeConfig;
const loaded = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script[data-third-party]')].map((script) => script.src);

afterEach(() => {
  for (const script of document.querySelectorAll('script[data-third-party]')) script.remove();
});

test('the configured scripts are added once', () => {
  loadThirdPartyScripts(config, { pathname: '/login' });
  loadThirdPartyScripts(config, { pathname: '/login' });
  expect(loaded()).toEqual(['https://chat.example.com/w.js', 'https://rec.example.com/r.js']);
});

test('none is loaded on the password-reset page, whose URL carries the reset token', () => {
  loadThirdPartyScripts(config, { pathname: '/reset-password' });
  loadThirdPartyScripts(config, { pathname: '/reset-password/' });
  expect(loaded()).toEqual([]);
});

test('a script the configuration does not name is not loaded', () => {
  loadThirdPartyScripts({ scripts: { chat: null, session_recording: null } } as RuntimeConfig, {
    pathname: '/',
  });
  expect(loaded()).toEqual([]);
});
