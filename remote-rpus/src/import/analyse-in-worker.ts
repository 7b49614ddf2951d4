import type { AnalyseRequest } from './import.worker';
import type { ImportAnalysis } from './import-rows';
import { analyseFile } from './read-table';

/** A worker from this remote's own origin; null where the browser refuses it (a remote on another origin in development). */
function startWorker(): Worker | null {
  try {
    return new Worker(new URL('./import.worker.ts', import.meta.url), { name: 'luz-rpus-import' });
  } catch {
    return null;
  }
}

/**
 * Reads and checks an import file in a Web Worker. Without one (refused, or failing to load), the
 * same code runs on the page: slower to the eye for a huge file, but never a dead end.
 */
export async function analyseImportFile(file: File, knownCfeUsers: string[]): Promise<ImportAnalysis> {
  const bytes = await file.arrayBuffer();
  const worker = startWorker();
  if (!worker) return analyseFile(bytes, file.name, knownCfeUsers);
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
    return analyseFile(bytes, file.name, knownCfeUsers);
  } finally {
    worker.terminate();
  }
}
