import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Runs the open screen's loaders again every `intervalMs` while the tab is visible, and at once
 * when it becomes visible again (decision 030: polling, not a stream). Rows keep their keys, so
 * a form open in one keeps what the operator typed.
 */
export function usePoll(intervalMs: number): void {
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const idle = revalidator.state === "idle";
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && idle) void revalidate();
    };
    const timer = window.setInterval(refresh, intervalMs);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [intervalMs, revalidate, idle]);
}
