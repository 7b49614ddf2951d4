import { type ComponentType, lazy, useState } from 'react';

type Chunk<Screens> = { load(): Promise<Screens>; loaded(): Screens | null };

/** One screen of a chunk loaded apart (startup/load-once.ts). */
export type ScreenOfChunk<Props> = {
  Lazy: ComponentType<Props>;
  /** The screen itself once its chunk has loaded. */
  loaded(): ComponentType<Props> | null;
};

export function screenOf<Screens, Props extends object>(
  chunk: Chunk<Screens>,
  pick: (screens: Screens) => ComponentType<Props>,
): ScreenOfChunk<Props> {
  return {
    Lazy: lazy(() => chunk.load().then((screens) => ({ default: pick(screens) }))),
    loaded: () => {
      const screens = chunk.loaded();
      return screens ? pick(screens) : null;
    },
  };
}

/** The component to draw a screen with: the screen itself once its chunk is there, else the lazy wrapper. */
const choose = <Props,>(screen: ScreenOfChunk<Props>) => ({ screen, Screen: screen.loaded() ?? screen.Lazy });

/**
 * Draws a screen of a chunk: through React.lazy when it first renders before the chunk has loaded,
 * directly when its chunk was already there, so that a screen rendered after its chunk arrived (a
 * remote's outlet after the layout) never shows the loading fallback, even for a moment
 * (React.lazy suspends once per component). The choice is kept while the screen stays the same:
 * switching from the lazy wrapper to the screen itself on a later render would be a new component
 * type to React, which would unmount the screen and mount it again (the whole layout, its
 * sync-event socket included, at the first navigation after a cold start). Another route's screen
 * in the same place (an outlet going from the layout to /subscription) is chosen afresh.
 */
export function ChunkScreen<Props extends object>({
  screen,
  ...props
}: { screen: ScreenOfChunk<Props> } & Props) {
  const [chosen, setChosen] = useState(() => choose(screen));
  let current = chosen;
  if (chosen.screen !== screen) {
    current = choose(screen);
    setChosen(current);
  }
  const { Screen } = current;
  return <Screen {...(props as unknown as Props)} />;
}
