import type { RuntimeConfig } from '@luz/shared';
import { leaveForLogin } from '../auth/session-ended';
import { loadOnce } from './load-once';

// Only types from the SDK: the first script imports this module (through load-signed-in.ts)
// before any shared module is available.

/** The SDK beyond its core: zod, axios, the contract and the helpers of every other screen. */
export type Sdk = typeof import('@luz/shared');

export type SdkSetup = {
  /** The runtime configuration as the page carried it: the contract validates it here. */
  config: RuntimeConfig;
  /** GET /users/me, asked for by the first script when a token is stored. */
  currentUser: Promise<Response> | null;
  /** What the page shows instead when the configuration is not what the contract says. */
  onInvalidConfig: (error: unknown) => void;
};

let giveSetup: (setup: SdkSetup) => void = () => undefined;
const setupGiven = new Promise<SdkSetup>((resolve) => {
  giveSetup = resolve;
});

/** What the SDK is set up with once it loads; the bootstrap gives it before the app first renders. */
export function prepareSdk(setup: SdkSetup) {
  giveSetup(setup);
}

function setUp(sdk: Sdk, { config, currentUser, onInvalidConfig }: SdkSetup) {
  const valid = sdk.zRuntimeConfig.safeParse(config);
  if (!valid.success) {
    onInvalidConfig(valid.error);
    throw valid.error;
  }
  sdk.configureApi({ apiUrl: valid.data.api_url });
  sdk.onUnauthorized(leaveForLogin);
  // A 402 means the subscription stopped giving access: the fresh user makes the layout go to /subscription.
  const { operationKey, queryClient } = sdk;
  sdk.onPaymentRequired(() => void queryClient.invalidateQueries({ queryKey: operationKey('getMe') }));
  if (currentUser) sdk.adoptEarlyResponse('/users/me', currentUser);
}

const sdk = loadOnce(() =>
  Promise.all([import('@luz/shared'), setupGiven]).then(([loaded, setup]) => {
    setUp(loaded, setup);
    return loaded;
  }),
);

/**
 * The SDK beyond its core, set up for this page once: its HTTP client pointed at the configured
 * API, the session rules of spec §8, the current user the first script asked for. The signed-in
 * screens wait for it (load-signed-in.ts); a sign-in screen asks for it when someone starts
 * filling its form in, and waits for it when the form is sent (docs/decisions/161).
 */
export const loadSdk = sdk.load;

/** The SDK once `loadSdk` has set it up, else null (what a screen renders before anything was sent). */
export const loadedSdk = sdk.loaded;

/** Starts loading the SDK (a form's first input): a failure is reported when the form is sent. */
export function startLoadingSdk() {
  loadSdk().catch(() => undefined);
}
