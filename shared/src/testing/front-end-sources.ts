import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const workspaces = ['shared', 'host', 'remote-rpus', 'remote-periods', 'remote-admin', 'remote-settings'];

/** Every TypeScript source of the front end's workspaces (tests too), for tests that read the code. */
export function frontEndSources(): { file: string; text: string }[] {
  return workspaces.flatMap((workspace) =>
    readdirSync(join(root, workspace, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join(root, workspace, 'src', file))
      .map((path) => ({ file: relative(root, path), text: readFileSync(path, 'utf8') })),
  );
}
