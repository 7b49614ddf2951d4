import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A temporary WEB_ROOT holding `files` (paths relative to it, e.g. `host/dist/index.html`). */
export async function webRootWith(files: Record<string, string | Buffer>): Promise<string> {
  const webRoot = await mkdtemp(join(tmpdir(), 'luz-web-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(webRoot, path)), { recursive: true });
    await writeFile(join(webRoot, path), content);
  }
  return webRoot;
}
