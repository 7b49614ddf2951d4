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

test('the frame stays while it is shown, and goes with its style the first time it is hidden', async () => {
  window.history.replaceState(null, '', '/rpus/');
  const root = page();
  releaseFirstFrame(root);
  root.innerHTML = '<div data-loading-screen=""></div>';
  await observed();
  expect(frame()).not.toBeNull();
  // What the frame's CSS does once the app shows more than its loading state.
  (frame() as HTMLElement).style.display = 'none';
  root.innerHTML = '<main><h1>Servicios</h1></main>';
  await observed();
  expect(frame()).toBeNull();
  expect(style()).toBeNull();
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
