type SignedInScreens = typeof import('./signed-in');

let loaded: SignedInScreens | null = null;
let loading: Promise<SignedInScreens> | null = null;

/**
 * The signed-in screens load apart from the sign-in pages, which do not need them: the router
 * asks for them when it first renders one, and the first script as soon as it finds a stored token.
 */
export function loadSignedIn(): Promise<SignedInScreens> {
  loading ??= import(/* webpackChunkName: "signed-in" */ './signed-in').then((screens) => {
    loaded = screens;
    return screens;
  });
  return loading;
}

/** The screens once loaded: rendered directly, they do not suspend again (React.lazy would, once each). */
export const loadedSignedIn = () => loaded;
