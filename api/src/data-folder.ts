import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config';

/** Nothing the service writes is for other local accounts: folders 0700, files 0600. */
export const PRIVATE_UMASK = 0o077;
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** What `makePrivate` found readable or writable by others, and closed. */
export type Tightened = { folders: number; files: number };

/**
 * Closes `root` and everything under it to the service's user: any folder or file with group or
 * other bits loses them. Symbolic links are neither followed nor changed. A missing root is made.
 */
export async function makePrivate(root: string): Promise<Tightened> {
  const tightened: Tightened = { folders: 0, files: 0 };
  await mkdir(root, { recursive: true, mode: FOLDER_MODE });
  const visit = async (path: string) => {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return;
    if (stats.isDirectory()) {
      if ((stats.mode & 0o077) !== 0) {
        await chmod(path, (stats.mode & 0o700) | FOLDER_MODE);
        tightened.folders += 1;
      }
      for (const entry of await readdir(path)) await visit(join(path, entry));
    } else if ((stats.mode & 0o077) !== 0) {
      await chmod(path, stats.mode & FILE_MODE);
      tightened.files += 1;
    }
  };
  await visit(root);
  return tightened;
}

/** The folders the service keeps private: DATA_DIR (database, secrets, outbox) and a local STORAGE_DIR. */
export function privateFolders(config: Pick<Config, 'dataDir' | 'storage'>): string[] {
  const folders = [config.dataDir];
  if (config.storage.kind === 'local' && !isInside(config.storage.dir, config.dataDir))
    folders.push(config.storage.dir);
  return folders;
}

const isInside = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
