import { useEffect } from "react";
import { widgetDelayMs } from "./widget-delay.ts";

// Once per page load: client-side navigations keep the scripts that are already running.
let scheduled = false;

/**
 * Chat and call-back widgets (spec §1, §9): third-party scripts added a few seconds after the
 * page opens, so they never compete with the page's own loading. Which scripts is
 * configuration (CHAT_WIDGET_SRC, CALLBACK_WIDGET_SRC); none configured, nothing loads.
 */
export function ThirdPartyWidgets({ sources }: { sources: string[] }) {
  useEffect(() => {
    if (scheduled || sources.length === 0) return;
    scheduled = true;
    // Not cleared on unmount: the root layout lives as long as the page.
    setTimeout(() => {
      for (const src of sources) {
        const script = document.createElement("script");
        script.src = src;
        script.async = true;
        document.body.append(script);
      }
    }, widgetDelayMs(window.location.pathname));
  }, [sources]);
  return null;
}
