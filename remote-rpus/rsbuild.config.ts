import { es } from '@luz/shared/text';
import { remoteRsbuildConfig } from '../shared/build/rsbuild-remote';
import federation from './module-federation.config';
import { rpusText } from './src/text';

export default remoteRsbuildConfig(federation, {
  devPort: 3001,
  headings: {
    '/rpus/': { title: rpusText.title, subtitle: rpusText.subtitle },
    // Its subtitle names the service once it has loaded; until then it says so.
    '/rpus/:rpuId/payment-history': { title: es.sync.paymentHistory.title, subtitle: es.common.loading },
  },
  workers: [
    // Reads import files off the page's thread (src/import/analyse-in-worker.ts).
    { name: 'rpus-import-worker', entry: './src/import/import.worker.ts', constant: 'IMPORT_WORKER_FILE' },
  ],
});
