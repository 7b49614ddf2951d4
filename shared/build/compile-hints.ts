import type { RsbuildPlugin } from '@rsbuild/core';

/**
 * V8's explicit compile hint for a whole file (Chromium 136 and later; other engines read a comment):
 * every function of the script is compiled while the file streams in, on a background thread,
 * instead of on the main thread the first time each one runs.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the compile hint at the top of every script of a production build. Much of what a screen
 * loads runs as it starts, every module's factory once (the evaluation of the SDK, the framework,
 * the federation runtime), so compiling it lazily put that compilation into the page's longest tasks:
 * with the hint, a cold signed-in screen painted 7–17 % sooner at 4× CPU and blocked the main
 * thread 23–45 % less (docs/decisions/174-compile-hints.md).
 */
export function pluginCompileHints(): RsbuildPlugin {
  return {
    name: 'luz:compile-hints',
    setup(api) {
      api.modifyRspackConfig((config, { isProd, rspack }) => {
        if (!isProd) return;
        config.plugins ??= [];
        config.plugins.push(
          new rspack.BannerPlugin({
            banner: COMPILE_HINT,
            raw: true,
            test: /\.m?js$/,
            // After minification, which drops comments, and before the hashes in the file names
            // are computed, so that a file's name still changes with its content.
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          }),
        );
      });
    },
  };
}
