import { render, screen as view } from '@testing-library/react';
import { type ReactNode, Suspense, useEffect } from 'react';
import { ChunkScreen, screenOf } from './chunk-screen';

/**
 * A chunk whose arrival the test decides: `load` (what React.lazy waits on) and `loaded` (what a
 * render reads) are told apart, as they are in a concurrent render that replays a suspended lazy
 * component without rendering its parent again: the lazy wrapper is drawn while the parent still
 * saw no chunk.
 */
function chunkOf<Screens>(screens: Screens) {
  let known = false;
  return {
    chunk: { load: () => Promise.resolve(screens), loaded: () => (known ? screens : null) },
    /** From now on a render sees the chunk as loaded. */
    know: () => {
      known = true;
    },
  };
}

let layoutMounts = 0;

function Layout({ label }: { label: string }) {
  useEffect(() => {
    layoutMounts += 1;
  }, []);
  return <p>{label}</p>;
}

function Outlet() {
  return <p>contenido</p>;
}

function Subscription() {
  return <p>suscripción</p>;
}

const withFallback = (children: ReactNode) => <Suspense fallback={<p>cargando</p>}>{children}</Suspense>;

test('a screen drawn through the lazy wrapper is not mounted again once its chunk is known to be loaded', async () => {
  layoutMounts = 0;
  const { chunk, know } = chunkOf({ Layout });
  const layout = screenOf(chunk, (screens) => screens.Layout);
  const { rerender } = render(withFallback(<ChunkScreen screen={layout} label="primera" />));
  expect(await view.findByText('primera')).toBeInTheDocument();
  know();
  // A navigation renders the route's element again.
  rerender(withFallback(<ChunkScreen screen={layout} label="segunda" />));
  expect(view.getByText('segunda')).toBeInTheDocument();
  expect(layoutMounts).toBe(1);
});

test('a screen whose chunk is already there is drawn at once, without the loading fallback', () => {
  const { chunk, know } = chunkOf({ Outlet });
  know();
  const outlet = screenOf(chunk, (screens) => screens.Outlet);
  render(withFallback(<ChunkScreen screen={outlet} />));
  expect(view.getByText('contenido')).toBeInTheDocument();
  expect(view.queryByText('cargando')).not.toBeInTheDocument();
});

test("the same place given another route's screen draws that screen", () => {
  const { chunk, know } = chunkOf({ Layout, Subscription });
  know();
  const layout = screenOf(chunk, (screens) => screens.Layout);
  const subscription = screenOf(chunk, (screens) => screens.Subscription);
  const { rerender } = render(<ChunkScreen screen={layout} label="diseño" />);
  expect(view.getByText('diseño')).toBeInTheDocument();
  rerender(<ChunkScreen screen={subscription} />);
  expect(view.getByText('suscripción')).toBeInTheDocument();
});
