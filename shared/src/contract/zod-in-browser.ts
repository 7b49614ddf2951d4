import { z } from 'zod';

// The page's CSP forbids eval, so in a browser zod must not even probe for it: the probe runs
// when the first object schema is built and, though caught, the browser reports it as a
// violation. The contract sets this itself, before any of its schemas exist, whoever evaluates it
// first (the host's bootstrap, or a remote initialised while the host is still loading). The API
// (no document) keeps zod's compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });
