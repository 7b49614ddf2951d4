import { z } from 'zod';

// The page's CSP forbids eval, so zod must not even probe for it: the probe runs when the first
// object schema is built (as soon as the SDK's contract loads) and, though caught, the browser
// reports it as a violation. zod is one federation singleton, so this covers every remote too.
z.config({ jitless: true });
