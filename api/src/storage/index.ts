import type { StorageConfig } from '../config';
import type { DocumentStorage } from './document-storage';
import { LocalDocumentStorage } from './local-storage';
import { createS3DocumentStorage } from './s3-storage';

export type { DocumentStorage } from './document-storage';
export { assertSafeKey, documentKey } from './document-storage';

/** The adapter the configuration names (STORAGE=local | s3). */
export async function createDocumentStorage(config: StorageConfig): Promise<DocumentStorage> {
  if (config.kind === 'local') return new LocalDocumentStorage(config.dir);
  const { kind: _kind, ...options } = config;
  return createS3DocumentStorage(options);
}
