import { NotFoundScreen, PageSpinner, type RemoteName, remoteRoutes, START_PATH } from '@luz/shared';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CreateAccountPage } from '../auth/create-account-page';
import { LoginPage } from '../auth/login-page';
import { RecoverPasswordPage } from '../auth/recover-password-page';
import { ResetPasswordPage } from '../auth/reset-password-page';
import { useDocumentTitle } from './document-title';
import { PublicOnly, RequireAuth, RequireSuperuser } from './guards';
import { loadedSignedIn, loadSignedIn } from './load-signed-in';

const LazyLayout = lazy(() => loadSignedIn().then((screens) => ({ default: screens.AuthenticatedLayout })));
const LazyOutlet = lazy(() => loadSignedIn().then((screens) => ({ default: screens.RemoteOutlet })));
const LazySubscription = lazy(() =>
  loadSignedIn().then((screens) => ({ default: screens.SubscriptionPage })),
);

// Once the signed-in screens are loaded they render directly: a remote mounted after the layout
// must not hide the layout behind the loading fallback, even for a moment.
function AuthenticatedLayout() {
  const screens = loadedSignedIn();
  return screens ? <screens.AuthenticatedLayout /> : <LazyLayout />;
}

function RemoteOutlet({ remote }: { remote: RemoteName }) {
  const screens = loadedSignedIn();
  return screens ? <screens.RemoteOutlet remote={remote} /> : <LazyOutlet remote={remote} />;
}

const LazyAttention = lazy(() => loadSignedIn().then((screens) => ({ default: screens.AttentionPage })));

function AttentionPage() {
  const screens = loadedSignedIn();
  return screens ? <screens.AttentionPage /> : <LazyAttention />;
}

function SubscriptionPage() {
  const screens = loadedSignedIn();
  return screens ? <screens.SubscriptionPage /> : <LazySubscription />;
}

/** Every route of spec §2; the remotes own what happens below their paths (`remoteRoutes`, which the API also reads to preload them). */
export function AppRoutes() {
  useDocumentTitle();
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/create-account" element={<CreateAccountPage />} />
          <Route path="/recover-password" element={<RecoverPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="/subscription" element={<SubscriptionPage />} />
          <Route element={<AuthenticatedLayout />}>
            <Route index element={<Navigate to={START_PATH} replace />} />
            <Route path="/attention" element={<AttentionPage />} />
            {remoteRoutes.map(({ path, remote }) => {
              const route = (
                <Route key={path} path={`${path}/*`} element={<RemoteOutlet remote={remote} />} />
              );
              return remote === 'admin' ? (
                <Route key={path} element={<RequireSuperuser />}>
                  {route}
                </Route>
              ) : (
                route
              );
            })}
          </Route>
        </Route>
        <Route
          path="*"
          element={
            <main>
              <NotFoundScreen />
            </main>
          }
        />
      </Routes>
    </Suspense>
  );
}
