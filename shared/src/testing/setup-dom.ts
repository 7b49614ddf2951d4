import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the Encoding API that react-router (and file reading) use in the browser.
Object.assign(globalThis, { TextEncoder, TextDecoder });
