/** RFC 5321 limits: 254 characters in a path, 64 in the local part, 63 per domain label. */
export const EMAIL_MAX_LENGTH = 254;

const LOCAL_PART = /^[^\s@"(),:;<>[\]\\]{1,64}$/u;
const DOMAIN_LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

/**
 * A pragmatic e-mail check (no quoted local parts or IP literals, which no customer types):
 * one "@", a dot-separated local part without empty segments, and a domain of at least two
 * labels ending in an alphabetic top-level domain. Normalised with the domain lower-cased
 * (domains are case-insensitive; local parts formally are not, so that stays as typed).
 */
export function normalizeEmail(text: string): string | null {
  const at = text.lastIndexOf("@");
  if (at < 1 || text.length > EMAIL_MAX_LENGTH) return null;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase();
  if (!LOCAL_PART.test(local) || local.split(".").includes("")) return null;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return null;
  if (!TOP_LEVEL.test(labels[labels.length - 1]!)) return null;
  return `${local}@${domain}`;
}
