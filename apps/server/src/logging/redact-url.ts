/**
 * A request's URL as it may be written to a log (decision 031). Query values are replaced
 * except for a few harmless ones: a signed GET carries the whole envelope in `data` (with the
 * user's session token inside its base64) and the console's search box may hold a card
 * number. The e-mailed links' tokens (`/restore/{token}`, `/confirm/{token}`,
 * `/confirm-login/{token}`, with or without a locale prefix) are single-use credentials.
 */
const KEPT_QUERY_VALUES: Record<string, RegExp> = {
  lang: /^(?:ru|en|uk)$/,
  page: /^\d{1,6}$/,
  // An order status or a period's name: a lower-case word, never a code or a token.
  status: /^[a-z_]{1,16}$/,
};
/** A parameter's name is kept when it looks like a name, not like data put where a name goes. */
const PARAMETER_NAME = /^[A-Za-z_][\w-]{0,31}$/;
const TOKEN_LINK = /^((?:\/(?:en|uk|ru))?\/(?:restore|confirm|confirm-login)\/)[^/?#]+/i;
export const REDACTED = "[redacted]";

export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const safePath = path.replace(TOKEN_LINK, (_, prefix: string) => `${prefix}${REDACTED}`);
  if (queryStart === -1) return safePath;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const safe = [...params].map(([key, value]) => {
    if (!PARAMETER_NAME.test(key)) return REDACTED;
    // Only the shape each one has: anything else in `?lang=` is data and is cut like any.
    const keepValue = Object.hasOwn(KEPT_QUERY_VALUES, key) && KEPT_QUERY_VALUES[key]!.test(value);
    return `${key}=${keepValue ? value : REDACTED}`;
  });
  return `${safePath}?${safe.join("&")}`;
}
