/**
 * A request's URL as it may be written to a log (decision 031). Query values are replaced
 * except for a few harmless ones: a signed GET carries the whole envelope in `data` (with the
 * user's session token inside its base64) and the console's search box may hold a card
 * number. The e-mailed links' tokens (`/restore/{token}`, `/confirm/{token}`,
 * `/confirm-login/{token}`, with or without a locale prefix) are single-use credentials.
 */
const KEPT_QUERY_VALUES = new Set(["lang", "page", "status"]);
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
    const keepValue = KEPT_QUERY_VALUES.has(key) && /^[\w-]{0,32}$/.test(value);
    return `${key}=${keepValue ? value : REDACTED}`;
  });
  return `${safePath}?${safe.join("&")}`;
}
