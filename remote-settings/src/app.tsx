import { NotFoundScreen } from '@luz/shared';
import { Route, Routes } from 'react-router-dom';
import { SettingsPage } from './settings-page';

export function App() {
  return (
    <Routes>
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
