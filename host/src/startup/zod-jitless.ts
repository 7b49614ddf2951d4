import { z } from 'zod';

// The page's CSP forbids eval, so zod must not even probe for it: the probe runs when the first
// object schema is built (as soon as the SDK's contract loads) and, though caught, the browser
// reports it as a violation. zod is not a federation singleton but lives in the SDK's bundle, and
// the SDK on the page is always the host's (it loads first): this is the zod every schema uses.
z.config({ jitless: true });
