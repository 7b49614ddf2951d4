import { releaseFirstFrame } from './first-frame';

/** The page as the API serves a framed address: the frame, its style, an empty #root. */
function page() {
  document.head.innerHTML = '<style id="luz-first-frame-style">.f{position:fixed}</style>';
  document.body.innerHTML = '<div id="luz-first-frame" class="f"></div><div id="root"></div>';
  return document.getElementById('root') as HTMLElement;
}
const frame = () => document.getElementById('luz-first-frame');
const style = () => document.getElementById('luz-first-frame-style');
/** Mutation observers report after the current task's microtasks. */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => window.history.replaceState(null, '', '/'));

test('the frame stays while the app shows its loading state, and goes with its style once it shows more', async () => {
  window.history.replaceState(null, '', '/rpus/');
  const root = page();
  releaseFirstFrame(root);
  // The page's spinner (beside the toasts' region), then the layout with the remote's area loading.
  root.innerHTML = '<div data-loading-screen=""></div><section></section>';
  await observed();
  expect(frame()).not.toBeNull();
  root.innerHTML =
    '<div><header></header><main><div><div data-loading-screen=""></div><div class="remote"></div></div></main></div>';
  await observed();
  expect(frame()).not.toBeNull();
  root.innerHTML =
    '<div><header></header><main><div><div class="remote"><h1>Servicios</h1></div></div></main></div>';
  await observed();
  expect(frame()).toBeNull();
  expect(style()).toBeNull();
});

test('a spinner inside the screen itself does not keep the frame', async () => {
  window.history.replaceState(null, '', '/settings');
  const root = page();
  releaseFirstFrame(root);
  root.innerHTML =
    '<div><main><div><div class="remote"><h1>Configuración</h1><div><div data-loading-screen=""></div></div></div></div></main></div>';
  await observed();
  expect(frame()).toBeNull();
});

test('the frame goes as soon as the app is at another address, shown or not', async () => {
  window.history.replaceState(null, '', '/settings');
  const root = page();
  releaseFirstFrame(root);
  window.history.replaceState(null, '', '/login');
  root.innerHTML = '<div data-loading-screen=""></div>';
  await observed();
  expect(frame()).toBeNull();
  expect(style()).toBeNull();
});

test('a page without a frame is left alone', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById('root') as HTMLElement;
  releaseFirstFrame(root);
  root.innerHTML = '<main></main>';
  await observed();
  expect(root.innerHTML).toBe('<main></main>');
});
