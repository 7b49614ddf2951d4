import { NotFoundScreen } from '@luz/shared';
import { Route, Routes } from 'react-router-dom';
import { DownloadsPage } from './downloads/downloads-page';
import { PeriodsPage } from './periods/periods-page';

export function App() {
  return (
    <Routes>
      <Route path="/periods" element={<PeriodsPage />} />
      <Route path="/downloads" element={<DownloadsPage />} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
