// Conditional GET, shared by the API tier (rates export, content) and the web tier's static
// files: one reading of If-None-Match for every 304 the service answers.

/** What a representation can be validated by (RFC 9110 §8.8). */
export interface Validators {
  /** A strong entity tag, quotes included: `"…"`. */
  etag: string;
  /** Whole seconds since the epoch: HTTP dates carry no finer resolution. */
  lastModifiedSeconds: number;
}

/**
 * Whether a GET can be answered 304 (RFC 9110 §13.2.2). If-None-Match wins when present (it
 * is exact; a date is only to the second); If-Modified-Since is consulted only without it,
 * and an unparseable date is ignored.
 */
export function isNotModified(
  request: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
  validators: Validators,
): boolean {
  if (request.ifNoneMatch !== undefined)
    return etagListMatches(request.ifNoneMatch, validators.etag);
  if (request.ifModifiedSince !== undefined) {
    const since = Date.parse(request.ifModifiedSince);
    return Number.isFinite(since) && validators.lastModifiedSeconds * 1000 <= since;
  }
  return false;
}

/** `*`, or a list of tags compared weakly (§13.1.2: `W/"x"` matches `"x"`). */
export function etagListMatches(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  for (const part of header.split(",")) {
    const tag = part.trim();
    if ((tag.startsWith("W/") ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}
