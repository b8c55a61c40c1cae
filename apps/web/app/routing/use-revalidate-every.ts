import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's data every `intervalMs` while `active` (a live order's status, an open
 * pair's rate). A hidden tab asks nothing, and a reload still running is not doubled.
 */
export function useRevalidateEvery(intervalMs: number, active = true) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") {
        void revalidator.revalidate();
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, revalidator]);
}
