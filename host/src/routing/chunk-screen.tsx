import { type ComponentType, lazy } from 'react';

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

/**
 * Draws a screen of a chunk: through React.lazy until the chunk has loaded, directly from then on,
 * so that a screen rendered after its chunk arrived (a remote's outlet after the layout) never
 * shows the loading fallback, even for a moment (React.lazy suspends once per component).
 */
export function ChunkScreen<Props extends object>({
  screen,
  ...props
}: { screen: ScreenOfChunk<Props> } & Props) {
  const Screen = screen.loaded() ?? screen.Lazy;
  return <Screen {...(props as unknown as Props)} />;
}
