import { NotFoundScreen } from '@luz/shared';
import { Route, Routes } from 'react-router-dom';
import { DownloadsPage } from './downloads/downloads-page';
import { DOWNLOADS_PATH, PERIODS_PATH } from './first-queries';
import { PeriodsPage } from './periods/periods-page';

export function App() {
  return (
    <Routes>
      <Route path={PERIODS_PATH} element={<PeriodsPage />} />
      <Route path={DOWNLOADS_PATH} element={<DownloadsPage />} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
