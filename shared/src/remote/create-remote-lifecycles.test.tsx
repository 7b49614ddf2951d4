import { es } from '@luz/shared/text';
import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import type { AppProps } from 'single-spa';
import { createRemoteLifecycles } from './create-remote-lifecycles';
import type { RemoteProps } from './remote-props';

// single-spa-react owns the React root and resolves mount from its first commit, which act() would
// hold back; these tests drive it as the host does, outside act.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});

type MountProps = RemoteProps & AppProps & { domElement: HTMLElement };

function parcelProps(domElement: HTMLElement): MountProps {
  return {
    name: 'remote_prueba',
    singleSpa: {},
    mountParcel: jest.fn(),
    domElement,
    location: { pathname: '/rpus/', search: '?page=2', hash: '', state: null, key: 'inicio' },
    navigator: { createHref: (to) => String(to), go: jest.fn(), push: jest.fn(), replace: jest.fn() },
    user: {
      id: 'u1',
      email: 'ana@luz.test',
      full_name: 'Ana',
      company_name: 'Aceros',
      is_superuser: false,
      is_active: true,
      has_credentials: true,
      must_change_password: false,
      subscription: { status: 'active', subscription_id: 'sub_1', updated_at: null },
      created_at: '2026-11-01T12:00:00Z',
    },
    colorMode: 'dark',
    syncEvents: { subscribe: () => () => undefined, current: () => [], connection: () => 'open' },
    logout: () => undefined,
  };
}

function Where() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search}`}</p>;
}

function Broken(): ReactElement {
  throw new Error('remote roto');
}

async function mountWith(App: () => ReactElement) {
  const lifecycles = createRemoteLifecycles(App);
  const domElement = document.body.appendChild(document.createElement('div'));
  const props = parcelProps(domElement);
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
  return { lifecycles, props, domElement };
}

test('a remote renders inside the router the host drives', async () => {
  const { lifecycles, props } = await mountWith(Where);
  expect(await screen.findByText('/rpus/?page=2')).toBeInTheDocument();
  await lifecycles.unmount(props);
  expect(screen.queryByText('/rpus/?page=2')).not.toBeInTheDocument();
});

test('a render crash inside a remote shows the load-failure screen instead of tearing the page down', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await mountWith(Broken);
  await waitFor(() => expect(screen.getByText(es.errors.loadFailure)).toBeInTheDocument());
  expect(screen.getByRole('button', { name: es.errors.reload })).toBeInTheDocument();
  expect(consoleError).toHaveBeenCalled();
});
