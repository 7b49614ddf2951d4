import { remoteRoutes, START_PATH } from '@luz/shared/boot';
import { NotFoundScreen, PageSpinner } from '@luz/shared/core';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../auth/login-page';
import { ChunkScreen, screenOf } from './chunk-screen';
import { useDocumentTitle } from './document-title';
import { PublicOnly, RequireAuth } from './guards';
import { signInForms } from './load-sign-in-forms';
import { signedInScreens } from './load-signed-in';

const createAccount = screenOf(signInForms, (screens) => screens.CreateAccountPage);
const recoverPassword = screenOf(signInForms, (screens) => screens.RecoverPasswordPage);
const resetPassword = screenOf(signInForms, (screens) => screens.ResetPasswordPage);
const layout = screenOf(signedInScreens, (screens) => screens.AuthenticatedLayout);
const remoteOutlet = screenOf(signedInScreens, (screens) => screens.RemoteOutlet);
const attention = screenOf(signedInScreens, (screens) => screens.AttentionPage);
const subscription = screenOf(signedInScreens, (screens) => screens.SubscriptionPage);
const superuserOnly = screenOf(signedInScreens, (screens) => screens.RequireSuperuser);

/** Every route of spec §2; the remotes own what happens below their paths (`remoteRoutes`, which the API also reads to preload them). */
export function AppRoutes() {
  useDocumentTitle();
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/create-account" element={<ChunkScreen screen={createAccount} />} />
          <Route path="/recover-password" element={<ChunkScreen screen={recoverPassword} />} />
          <Route path="/reset-password" element={<ChunkScreen screen={resetPassword} />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="/subscription" element={<ChunkScreen screen={subscription} />} />
          <Route element={<ChunkScreen screen={layout} />}>
            <Route index element={<Navigate to={START_PATH} replace />} />
            <Route path="/attention" element={<ChunkScreen screen={attention} />} />
            {remoteRoutes.map(({ path, remote }) => {
              const route = (
                <Route
                  key={path}
                  path={`${path}/*`}
                  element={<ChunkScreen screen={remoteOutlet} remote={remote} />}
                />
              );
              return remote === 'admin' ? (
                <Route key={path} element={<ChunkScreen screen={superuserOnly} />}>
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
