import { FIRST_FRAME_ELEMENT_ID, FIRST_FRAME_STYLE_ELEMENT_ID } from '@luz/shared/boot';

/**
 * Removes the page's first frame (host/src/layout/first-frame.tsx) and its style the first time the
 * app, rendering into `container`, shows more than its loading state, which the frame's own CSS
 * decides; or as soon as the app has gone to another address, whose screen the frame is not.
 * Removed rather than left hidden: a later loading state (another screen's) must not bring it back.
 */
export function releaseFirstFrame(container: HTMLElement) {
  const frame = document.getElementById(FIRST_FRAME_ELEMENT_ID);
  if (!frame) return;
  const framedPath = window.location.pathname;
  const observer = new MutationObserver(() => {
    if (window.location.pathname === framedPath && getComputedStyle(frame).display !== 'none') return;
    observer.disconnect();
    frame.remove();
    document.getElementById(FIRST_FRAME_STYLE_ELEMENT_ID)?.remove();
  });
  observer.observe(container, { childList: true, subtree: true });
}
