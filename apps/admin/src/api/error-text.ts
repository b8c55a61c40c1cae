import type { ConsoleTranslate } from "../i18n.tsx";
import { ApiError } from "./client.ts";

/** The message to show for a failed call: 403 is always the role's refusal. */
export function errorText(error: unknown, t: ConsoleTranslate): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t("Console.Forbidden");
    if (error.status === 0) return t("Console.NetworkError");
    return error.message || t("Console.UnknownError");
  }
  return t("Console.UnknownError");
}

/** Field problems of a refusal (`{path: message}`), empty for any other failure. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
