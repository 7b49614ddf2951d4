import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, DocumentReadError, type DocumentStorage } from './document-storage';
import { FileBatchReader, FileReadError } from './file-batch-reader';

/** Documents in a folder of the data directory: the embedded default. */
export class LocalDocumentStorage implements DocumentStorage {
  /** Whole-file reads (the ZIP's) go through a worker, many per round trip. */
  private readonly reader = new FileBatchReader();

  constructor(private readonly root: string) {}

  private path(key: string) {
    assertSafeKey(key);
    return join(this.root, key);
  }

  /** The content type is not kept: a file's name tells its type (`.pdf`, `.xml`). */
  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    // Write then rename: a crash never leaves a half-written receipt under its final name.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, body, { mode: 0o600 });
    await rename(temporary, target);
  }

  async get(key: string): Promise<Readable> {
    const target = this.path(key);
    await access(target);
    return createReadStream(target);
  }

  async read(key: string, signal?: AbortSignal): Promise<Buffer> {
    return await this.reader.read(this.path(key), signal);
  }

  /** One round trip to the reader's worker for the whole batch. */
  async readMany(keys: readonly string[], signal?: AbortSignal): Promise<Buffer[]> {
    const paths = keys.map((key) => this.path(key));
    try {
      return await this.reader.readMany(paths, signal);
    } catch (error) {
      const failed = error instanceof FileReadError ? paths.indexOf(error.path) : 0;
      throw new DocumentReadError(keys[Math.max(0, failed)] as string, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.path(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  close() {
    this.reader.close();
  }
}
