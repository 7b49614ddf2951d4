import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the Encoding API that react-router (and file reading) use in the browser.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Nor Blob.arrayBuffer(), with which the screens read a chosen file: read through jsdom's FileReader.
Blob.prototype.arrayBuffer ??= function arrayBuffer(this: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(this);
  });
};

// A test that fails before switching back must not leave fake timers to the next one.
afterEach(() => {
  jest.useRealTimers();
});

// The signed-in layout preloads the dialog's code as soon as it shows (ui/modal.tsx): tests render
// screens as they are by then, with a dialog that opens at once.
// Imported here, once the Encoding API above is in place: the UI kit loads react-router.
beforeAll(async () => {
  const { preloadDialog } = await import('../ui/modal');
  await preloadDialog();
});
