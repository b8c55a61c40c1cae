import { isOrderId } from "./order-id.ts";

/** `/order/<uuid>` at the end of a path, after any locale prefix or none, any letter case. */
const ORDER_PATH = /(?:^|\/)order\/([^/]+)\/?$/i;

/**
 * The order number in what a visitor typed or pasted into the lookup: the number itself, or a
 * link to the order's page as the letters and the address bar give it — any host, any locale
 * prefix, with or without a scheme, trailing slash, query or fragment. Null when neither.
 * Lower case, as the order page's address has it.
 */
export function readOrderNumber(input: string): string | null {
  const text = input.trim();
  if (isOrderId(text)) return text.toLowerCase();
  const path = pathOf(text);
  const match = path === null ? null : ORDER_PATH.exec(path);
  const id = match?.[1] ? safeDecode(match[1]) : null;
  return id !== null && isOrderId(id) ? id.toLowerCase() : null;
}

function pathOf(text: string): string | null {
  if (/\s/.test(text)) return null;
  // "obmen.example/order/…" as copied without its scheme, or "/en/order/…" without a host.
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
    ? text
    : text.startsWith("/")
      ? `https://host.invalid${text}`
      : `https://${text}`;
  try {
    const url = new URL(absolute);
    return url.protocol === "https:" || url.protocol === "http:" ? url.pathname : null;
  } catch {
    return null;
  }
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
