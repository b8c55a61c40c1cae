import { type DependencyList, useCallback, useEffect, useRef, useState } from "react";
import { type AdminClient, consoleApi } from "./client.ts";

export interface AdminQuery<T> {
  /** The last answer; kept while a reload or a poll runs, so the screen does not flicker. */
  data: T | undefined;
  /** Why the last call failed (an `ApiError` for a refusal), cleared by the next success. */
  error: unknown;
  loading: boolean;
  /** Asks again now (after a change the screen made). */
  reload: () => void;
}

/**
 * Data a part of a screen loads for itself, beside the route's loader (a form's choices, a
 * preview as the operator types): one call per change of `deps`, after `delayMs` (typing
 * pauses), asked again every `pollMs` while the tab is visible and at once when it becomes
 * visible; a call still running when the inputs change or the screen is left is cancelled.
 * A screen's own data comes from its route's loader (routes.tsx), polled by `usePoll`.
 */
export function useAdminQuery<T>(
  load: (api: AdminClient) => Promise<T>,
  deps: DependencyList,
  options: { pollMs?: number; delayMs?: number; enabled?: boolean } = {},
): AdminQuery<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const { pollMs, delayMs = 0, enabled = true } = options;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` are the caller's inputs; `round` asks again
  useEffect(() => {
    if (!enabled) return;
    let controller: AbortController | null = null;
    const run = () => {
      if (document.visibilityState === "hidden") return;
      controller?.abort();
      const current = new AbortController();
      controller = current;
      setLoading(true);
      loadRef.current(consoleApi(current.signal)).then(
        (answer) => {
          if (current.signal.aborted) return;
          setData(answer);
          setError(undefined);
          setLoading(false);
        },
        (reason: unknown) => {
          if (current.signal.aborted) return;
          setError(reason);
          setLoading(false);
        },
      );
    };
    const first = window.setTimeout(run, delayMs);
    const timer = pollMs ? window.setInterval(run, pollMs) : undefined;
    const onVisible = () => document.visibilityState === "visible" && run();
    if (pollMs) document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearTimeout(first);
      if (timer) window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      controller?.abort();
    };
  }, [...deps, round, pollMs, delayMs, enabled]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, error, loading, reload };
}
