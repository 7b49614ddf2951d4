import {
  FIRST_FRAME_ELEMENT_ID,
  FIRST_FRAME_STYLE_ELEMENT_ID,
  LOADING_SCREEN_ATTRIBUTE,
} from '@luz/shared/boot';

/** What the app shows while the screen is still loading: the page's spinner, a remote's area before the remote has drawn. */
const LOADING_SCREEN = [
  `:scope > [${LOADING_SCREEN_ATTRIBUTE}]`,
  // remotes/remote-outlet.tsx, inside the layout's <main>.
  `main > * > [${LOADING_SCREEN_ATTRIBUTE}]`,
].join(', ');

/**
 * Removes the page's first frame (host/src/layout/first-frame.tsx), which covers the app, and its
 * style the first time the app, rendering into `container`, shows more than its loading state; or
 * as soon as the app has gone to another address, whose screen the frame is not. The check runs
 * after each of React's commits, before the browser paints it. Decided here rather than by the
 * frame's CSS (`:has()`): the same paint times, measured, without a selector over the app's whole
 * tree for the browser to re-evaluate at every commit, and in browsers without `:has()` too.
 */
export function releaseFirstFrame(container: HTMLElement) {
  const frame = document.getElementById(FIRST_FRAME_ELEMENT_ID);
  if (!frame) return;
  const framedPath = window.location.pathname;
  const observer = new MutationObserver(() => {
    const loading = !container.hasChildNodes() || container.querySelector(LOADING_SCREEN) !== null;
    if (loading && window.location.pathname === framedPath) return;
    observer.disconnect();
    frame.remove();
    document.getElementById(FIRST_FRAME_STYLE_ELEMENT_ID)?.remove();
  });
  observer.observe(container, { childList: true, subtree: true });
}
