import type { MessageKey } from "@obmen/i18n";
import { catalogs } from "@obmen/i18n/catalogs";

/**
 * A schema may say why a value is wrong by giving a catalog key as its check's message
 * (`z.email({ error: "AdminErrors.AlertEmailInvalid" })`): the problem is then worded by that
 * entry, in the request's language, instead of the generic "has an invalid value". Any other
 * message (zod's own English) is not a key and is ignored.
 */
export function catalogKeyOf(message: string): MessageKey | null {
  if (!/^[A-Z][A-Za-z]*(\.[A-Za-z_]+)+$/.test(message)) return null;
  let node: unknown = catalogs.en;
  for (const part of message.split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? (message as MessageKey) : null;
}
