// Each `load()` is a page: a new copy of the module, as a new document runs it, over the tab's
// one sessionStorage.
const load = () => {
  let page: typeof import('./session-ended') | undefined;
  jest.isolateModules(() => {
    page = require('./session-ended');
  });
  return page as typeof import('./session-ended');
};

beforeEach(() => window.sessionStorage.clear());

test('the login page the refused session loads says why, once', () => {
  // jsdom does not navigate; the page that loads next is the next copy of the module.
  const leave = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  load().leaveForLogin();
  leave.mockRestore();
  const next = load();
  expect(next.takeSessionEnded()).toBe(true);
  expect(next.takeSessionEnded()).toBe(false);
  expect(load().takeSessionEnded()).toBe(false);
});

test('the leaving page drawing its own login page first leaves the explanation for the next one', () => {
  const leaving = load();
  const leave = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  leaving.leaveForLogin();
  leave.mockRestore();
  // Its router, with the session cleared, draws /login before the new page loads.
  expect(leaving.takeSessionEnded()).toBe(true);
  expect(load().takeSessionEnded()).toBe(true);
});

test('a visit to /login after no refusal says nothing', () => {
  expect(load().takeSessionEnded()).toBe(false);
});
