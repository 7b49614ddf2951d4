import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these, and react-router reads them when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
