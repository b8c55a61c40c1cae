/**
 * A NUL, or half of a surrogate pair: PostgreSQL cannot store either in text (it refuses the
 * byte, and a lone surrogate is not UTF-8), so a value holding one answered 500 on both
 * engines (issue 16 point 3). Found before any schema sees the payload.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function isUnstorable(text: string): boolean {
  return text.includes("\u0000") || LONE_SURROGATE.test(text);
}

/** The path of the first string (or key) in `value` that holds an unstorable character. */
export function findUnstorableText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return isUnstorable(value) ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    if (isUnstorable(key)) return [...path, "(key)"];
    const found = findUnstorableText(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}
