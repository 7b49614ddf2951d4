import { act, render, screen as view } from '@testing-library/react';
import { Suspense, useEffect, useState } from 'react';
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

test('a screen drawn through the lazy wrapper is not mounted again once its chunk is known to be loaded', async () => {
  let mounts = 0;
  function Layout({ label }: { label: string }) {
    useEffect(() => {
      mounts += 1;
    }, []);
    return <p>{label}</p>;
  }
  const { chunk, know } = chunkOf({ Layout });
  const layout = screenOf(chunk, (screens) => screens.Layout);
  let rerender: (label: string) => void = () => undefined;
  function Page() {
    const [label, setLabel] = useState('primera');
    rerender = setLabel;
    return (
      <Suspense fallback={<p>cargando</p>}>
        <ChunkScreen screen={layout} label={label} />
      </Suspense>
    );
  }
  render(<Page />);
  expect(await view.findByText('primera')).toBeInTheDocument();
  know();
  // A navigation renders the route's element again.
  act(() => rerender('segunda'));
  expect(view.getByText('segunda')).toBeInTheDocument();
  expect(mounts).toBe(1);
});

test('a screen whose chunk is already there is drawn at once, without the loading fallback', async () => {
  function Outlet() {
    return <p>contenido</p>;
  }
  const { chunk, know } = chunkOf({ Outlet });
  know();
  const outlet = screenOf(chunk, (screens) => screens.Outlet);
  render(
    <Suspense fallback={<p>cargando</p>}>
      <ChunkScreen screen={outlet} />
    </Suspense>,
  );
  expect(view.getByText('contenido')).toBeInTheDocument();
  expect(view.queryByText('cargando')).not.toBeInTheDocument();
});

test("the same place given another route's screen draws that screen", async () => {
  function Layout() {
    return <p>diseño</p>;
  }
  function Subscription() {
    return <p>suscripción</p>;
  }
  const { chunk, know } = chunkOf({ Layout, Subscription });
  know();
  const layout = screenOf(chunk, (screens) => screens.Layout);
  const subscription = screenOf(chunk, (screens) => screens.Subscription);
  const { rerender } = render(<ChunkScreen screen={layout} />);
  expect(view.getByText('diseño')).toBeInTheDocument();
  rerender(<ChunkScreen screen={subscription} />);
  expect(view.getByText('suscripción')).toBeInTheDocument();
});
