import type { StorageConfig } from '../config';
import type { DocumentStorage } from './document-storage';
import { LocalDocumentStorage } from './local-storage';

export type { DocumentStorage } from './document-storage';
export { assertSafeKey, documentKey } from './document-storage';

/** The adapter the configuration names (STORAGE=local | s3). */
export async function createDocumentStorage(config: StorageConfig): Promise<DocumentStorage> {
  if (config.kind === 'local') return new LocalDocumentStorage(config.dir);
  // Loaded on demand: deployments on a local folder never load the AWS SDK.
  const { S3DocumentStorage } = await import('./s3-storage');
  const { kind: _kind, ...options } = config;
  return new S3DocumentStorage(options);
}
