import { remoteRsbuildConfig } from '../shared/build/rsbuild-remote';
import federation from './module-federation.config';

export default remoteRsbuildConfig(federation, 3001, [
  // Reads import files off the page's thread (src/import/analyse-in-worker.ts).
  { name: 'rpus-import-worker', entry: './src/import/import.worker.ts', constant: 'IMPORT_WORKER_FILE' },
]);
