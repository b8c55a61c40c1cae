import type { RouterContextProvider } from "react-router";
import type { Locale } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import type { ProgrammeTerms } from "./partner-terms.tsx";

/** The terms for `/partner`; null when the API cannot say (the page stands without them, spec §8). */
export async function loadProgrammeTerms(
  context: Readonly<RouterContextProvider>,
  locale: Locale,
): Promise<ProgrammeTerms | null> {
  const { api, clientIp, log } = context.get(webContext);
  try {
    return await api.affiliate.terms({ ip: clientIp, lang: locale });
  } catch (error) {
    log.warn({ err: error }, "partner page: programme terms failed");
    return null;
  }
}
