import { NotFoundScreen } from '@luz/shared';
import { Route, Routes } from 'react-router-dom';
import { AdminPage } from './admin-page';

export function App() {
  return (
    <Routes>
      <Route path="/admin" element={<AdminPage />} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
