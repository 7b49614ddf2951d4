// Development only, inlined first in the host's page (rsbuild.config.ts): the React DevTools hook
// every bundle's Fast Refresh runtime joins. The host and each remote carry a Fast Refresh runtime
// of their own; one that arrives after react-dom has registered learns of it only from
// `hook.renderers`, which the stand-in hook react-refresh creates never fills, so a remote's
// edits would never re-render (docs/decisions/006-dev-hot-reload.md). React keeps one
// family resolver: each runtime sets its own before a refresh, which would send the other bundles'
// edited components back to their first version on their next render; every resolver set is kept
// and asked in turn (a component belongs to one bundle, so at most one knows it).
(() => {
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ ??= {
    renderers: new Map(),
    supportsFiber: true,
    inject(renderer) {
      const id = this.renderers.size + 1;
      this.renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
  const hook = window.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  const inject = hook.inject;
  hook.inject = function (renderer, ...rest) {
    const setRefreshHandler = renderer.setRefreshHandler;
    if (typeof setRefreshHandler === 'function') {
      const resolvers = [];
      const resolveFamily = (type) => {
        for (const resolve of resolvers) {
          const family = resolve(type);
          if (family !== undefined) return family;
        }
        return undefined;
      };
      renderer.setRefreshHandler = (resolve) => {
        if (resolve && !resolvers.includes(resolve)) resolvers.push(resolve);
        setRefreshHandler(resolvers.length > 0 ? resolveFamily : null);
      };
    }
    return inject.call(this, renderer, ...rest);
  };
})();
