import { type ComponentType, lazy } from "react";

/**
 * `React.lazy` for code that may vanish with a deploy, rendered by the server in the page's
 * first HTML.
 * - When the reload guard decides to reload (use-reload-guard.ts), Vite's loader resolves to
 *   nothing instead of failing; waiting forever then keeps React from flashing an error page
 *   in the moment before the reload.
 * - The server loads the code at once, so by the first request the component renders inline.
 *   A component that suspends on the server is streamed later and revealed by a script, which
 *   a visitor without JavaScript never runs.
 * Call it once, at module level, as you would `lazy`.
 */
export function lazyWithReloadGuard<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | null = null;
  const loadOnce = () =>
    load().then((module: { default: ComponentType<Props> } | undefined) => {
      if (!module) return new Promise<{ default: ComponentType<Props> }>(() => {});
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadOnce);
  if (typeof document === "undefined") void loadOnce().catch(() => {});
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy itself, called once per component at module level.
  return function LazyComponent(props: Props) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}
