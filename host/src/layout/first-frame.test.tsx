import { darkTheme } from '@luz/shared/core';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { RuntimeConfigContext } from '../startup/runtime-config-context';
import { testRuntimeConfig } from '../startup/test-runtime-config';
import { FirstFrame } from './first-frame';

function renderFrame(path: string, withHeading: boolean) {
  const { container } = render(
    <RuntimeConfigContext.Provider value={testRuntimeConfig()}>
      <ThemeProvider theme={darkTheme}>
        <MemoryRouter initialEntries={[path]}>
          <FirstFrame withHeading={withHeading} />
        </MemoryRouter>
      </ThemeProvider>
    </RuntimeConfigContext.Provider>,
  );
  return container.querySelector('#luz-first-frame') as HTMLElement;
}

test("a screen's frame: the menu with the screen's link active, a place for the heading, the spinner; nothing to use", () => {
  const frame = renderFrame('/rpus/', true);
  expect(frame).toHaveAttribute('aria-hidden', 'true');
  expect(frame).toHaveAttribute('inert');
  expect(frame.querySelector('a[aria-current="page"]')).toHaveTextContent('Servicios');
  expect(frame.querySelector('h1')).toHaveTextContent('{{heading.title}}');
  expect(frame.querySelector('h1 + p')).toHaveTextContent('{{heading.subtitle}}');
  expect(frame.querySelector('[role="status"]')).not.toBeNull();
  // No one is known yet: no account, no logout, no admin link, and none of the app's ids.
  expect(frame).not.toHaveTextContent('Cerrar sesión');
  expect(frame.querySelector('a[href="/admin"]')).toBeNull();
  expect(frame.querySelector('[id]')).toBeNull();
});

test('without a heading the frame has none', () => {
  const frame = renderFrame('/admin', false);
  expect(frame.querySelector('h1')).toBeNull();
  expect(frame.querySelector('[role="status"]')).not.toBeNull();
});
