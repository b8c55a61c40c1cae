import { DEFAULT_LOCALE, isLocale, type Locale } from "@obmen/contracts";
import type { FastifyRequest } from "fastify";

/**
 * The language for messages before (or without) a signed `lang`: the `lang` query, then the
 * first supported Accept-Language tag, then Russian (spec §1 default).
 */
export function requestLang(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  if (isLocale(query?.lang)) return query.lang;
  const header = request.headers["accept-language"];
  if (typeof header === "string") {
    for (const part of header.split(",")) {
      const tag = part.trim().slice(0, 2).toLowerCase();
      if (isLocale(tag)) return tag;
    }
  }
  return DEFAULT_LOCALE;
}
