import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { FIRST_FRAME_FILE, type FirstFrameHeadings } from '../src/contract/boot';

/**
 * Writes the remote's screens' headings, in its own words, to `first-frame.json` beside its
 * manifest. The API puts them in the first frame of the page it serves for those addresses, which
 * paints before any script (docs/decisions/176); a remote deployed with new texts changes them
 * there too, without the host.
 */
export function pluginFirstFrame(headings: FirstFrameHeadings): RsbuildPlugin {
  return {
    name: 'luz:first-frame',
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        const web = environments.web;
        if (web) await writeFile(join(web.distPath, FIRST_FRAME_FILE), JSON.stringify(headings));
      });
    },
  };
}
