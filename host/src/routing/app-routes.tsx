import { NotFoundScreen } from '@luz/shared';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CreateAccountPage } from '../auth/create-account-page';
import { LoginPage } from '../auth/login-page';
import { RecoverPasswordPage } from '../auth/recover-password-page';
import { ResetPasswordPage } from '../auth/reset-password-page';
import { AuthenticatedLayout } from '../layout/authenticated-layout';
import { RemoteOutlet } from '../remotes/remote-outlet';
import { SubscriptionPage } from '../subscription/subscription-page';
import { useDocumentTitle } from './document-title';
import { PublicOnly, RequireAuth, RequireSuperuser } from './guards';

/** Every route of spec §2; the remotes own what happens below their paths. */
export function AppRoutes() {
  useDocumentTitle();
  return (
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
          <Route index element={<Navigate to="/downloads" replace />} />
          <Route path="/settings/*" element={<RemoteOutlet remote="settings" />} />
          <Route path="/periods/*" element={<RemoteOutlet remote="periods" />} />
          <Route path="/downloads/*" element={<RemoteOutlet remote="periods" />} />
          <Route path="/rpus/*" element={<RemoteOutlet remote="rpus" />} />
          <Route element={<RequireSuperuser />}>
            <Route path="/admin/*" element={<RemoteOutlet remote="admin" />} />
          </Route>
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
  );
}
