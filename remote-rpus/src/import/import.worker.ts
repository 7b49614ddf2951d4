// Reads an import file off the page's thread, so a 10,000-row file never freezes the screen.
import type { ImportAnalysis } from './import-rows';
import { analyseFile } from './read-table';

export type AnalyseRequest = { bytes: ArrayBuffer; name: string; knownCfeUsers: string[] };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AnalyseRequest>) => void) | null;
  postMessage: (message: ImportAnalysis) => void;
};

scope.onmessage = async (event) => {
  const { bytes, name, knownCfeUsers } = event.data;
  scope.postMessage(await analyseFile(bytes, name, knownCfeUsers));
};
