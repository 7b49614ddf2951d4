import type { AnalyseRequest } from './import.worker';
import type { ImportAnalysis } from './import-rows';

/**
 * Built apart from the federated code (shared/build/rsbuild-remote.ts): a worker has no federation
 * runtime of its own. Its file sits beside this remote's other assets, named after the build.
 */
declare const IMPORT_WORKER_FILE: string;
declare const __webpack_public_path__: string;

/** A worker from this remote's own origin; null where the browser refuses it (a remote on another origin). */
function startWorker(): Worker | null {
  try {
    return new Worker(new URL(IMPORT_WORKER_FILE, __webpack_public_path__), { name: 'luz-rpus-import' });
  } catch {
    return null;
  }
}

/** The worker's code run on the page: loaded only when there is no worker, with the parsers it brings. */
async function analyseOnPage(bytes: ArrayBuffer, name: string, knownCfeUsers: string[]) {
  const { analyseFile } = await import('./read-table');
  return analyseFile(bytes, name, knownCfeUsers);
}

/**
 * Reads and checks an import file in a Web Worker. Without one (refused, or failing to load), the
 * same code runs on the page: slower to the eye for a huge file, but never a dead end.
 */
export async function analyseImportFile(file: File, knownCfeUsers: string[]): Promise<ImportAnalysis> {
  const bytes = await file.arrayBuffer();
  const worker = startWorker();
  if (!worker) return analyseOnPage(bytes, file.name, knownCfeUsers);
  try {
    return await new Promise<ImportAnalysis>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<ImportAnalysis>) => resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || 'import worker failed'));
      };
      const request: AnalyseRequest = { bytes: bytes.slice(0), name: file.name, knownCfeUsers };
      worker.postMessage(request, [request.bytes]);
    });
  } catch {
    return analyseOnPage(bytes, file.name, knownCfeUsers);
  } finally {
    worker.terminate();
  }
}
