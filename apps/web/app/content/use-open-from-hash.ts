import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Opens the `<details>` a link points at (`/faq#rate-lock`), on load and on later in-page
 * navigation, and brings it into view: a closed answer would hide what the link promised.
 */
export function useOpenFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!(target instanceof HTMLDetailsElement)) return;
    target.open = true;
    target.scrollIntoView({ block: "start" });
  }, [hash]);
}
