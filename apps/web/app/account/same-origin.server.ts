/**
 * CSRF defence for every form post the site accepts (issue 13, OWASP ASVS 5.0 V3.5): the
 * session cookie is SameSite=Lax, so a cross-site POST arrives without it; and a POST whose
 * browser says it came from another site is refused outright, before any action runs. That
 * also stops login CSRF (signing a visitor into an attacker's account), which SameSite alone
 * does not, because the login form needs no cookie.
 *
 * Browsers send `Origin` with every POST (forms and fetch). Where it is missing (older
 * browsers, some privacy settings), the fetch metadata header `Sec-Fetch-Site` or the
 * `Referer` decides. A post with none of the three proves nothing about where it came from
 * and is refused too (fail closed, docs/decisions/033): every browser that can submit our
 * forms sends at least one of them for a post from our own page (the site's Referrer-Policy
 * is `same-origin`), so only programs are refused, and they have the signed API.
 */
export function isCrossSitePost(request: Request, allowedOrigins: readonly string[]): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const allowed = new Set([...allowedOrigins, new URL(request.url).origin]);
  const origin = request.headers.get("origin");
  if (origin !== null) return !allowed.has(origin);
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin";
  const referer = request.headers.get("referer");
  if (referer !== null) return !allowed.has(originOf(referer));
  return true;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Actions read HTML forms only; a JSON or text body is a client's mistake (415), not our 500. */
export function isFormBody(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return true;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  return FORM_TYPES.includes(type);
}
