import { useEffect, useState } from "react";
import { useLocale } from "../i18n/use-locale.ts";

/**
 * A moment in the visitor's own time zone. The server cannot know that zone, so the HTML
 * (and the hydrating render) show UTC with its name; after hydration it switches to local.
 */
export function LocalTime({ iso }: { iso: string }) {
  const locale = useLocale();
  const [timeZone, setTimeZone] = useState<string | undefined>("UTC");
  useEffect(() => setTimeZone(undefined), []);
  const text = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(iso));
  return <time dateTime={iso}>{timeZone ? `${text} UTC` : text}</time>;
}
