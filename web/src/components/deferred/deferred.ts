import { createElement, useEffect, useReducer, type ComponentType, type ReactNode } from 'react';

/** A failed fetch is tried again while the part is on the page: after 2, 4 and 6 s. */
const RETRIES = 3;
const RETRY_AFTER_MS = 2000;

export type DeferredComponent<P> = ComponentType<P & { fallback?: ReactNode }> & {
  /** Starts fetching the chunk (once); resolves when the component can render, or to null when the fetch failed. */
  preload: () => Promise<ComponentType<P> | null>;
};

/**
 * A component whose code is its own chunk: for what the first paint does not need (overlays, the footer, menus,
 * toasts), so the home page's first download stays small (web/bundle-budget.json). It renders `fallback` (nothing by
 * default) until the chunk has arrived, then the component; once fetched, at once, in the same render: unlike
 * React.lazy it never suspends, so a part fetched ahead of need (`preload`) shows with the page's first render, and
 * one fetched later shows as soon as it arrives. When the chunk cannot be fetched it logs and keeps the fallback, and
 * tries again a few times while it is on the page (a flaky network on arrival must not lose the emergency notice).
 */
export function deferred<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>, what: string): DeferredComponent<P> {
  let component: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P> | null> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (component = pick(module)),
      (error: unknown) => {
        console.warn(`${what} could not be loaded`, error);
        loading = undefined;
        return null;
      },
    ));

  function Deferred({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    useEffect(() => {
      if (component) return;
      let mounted = true;
      let retry: ReturnType<typeof setTimeout> | undefined;
      const attempt = (tries: number) =>
        void preload().then((loaded) => {
          if (!mounted) return;
          if (loaded) arrived();
          else if (tries < RETRIES) retry = setTimeout(() => attempt(tries + 1), RETRY_AFTER_MS * (tries + 1));
        });
      attempt(0);
      return () => {
        mounted = false;
        clearTimeout(retry);
      };
    }, []);
    return component ? createElement(component, props as unknown as P) : fallback;
  }
  Deferred.displayName = `Deferred(${what})`;
  return Object.assign(Deferred, { preload });
}

/**
 * Runs `work` once the page has loaded and the browser is idle (or after `timeoutMs`): prefetching chunks a visitor
 * may soon need, without competing with the first paint for a slow network.
 */
export function whenIdleAfterLoad(work: () => void, timeoutMs = 3000): void {
  if (typeof window === 'undefined') return;
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: timeoutMs });
    else setTimeout(work, 1);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
