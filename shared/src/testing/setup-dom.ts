import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the Encoding API that react-router (and file reading) use in the browser.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// A test that fails before switching back must not leave fake timers to the next one.
afterEach(() => {
  jest.useRealTimers();
});
