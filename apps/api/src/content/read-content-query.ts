import { AppError, ErrorCode, type Locale } from "@obmen/contracts";
import type { z } from "zod";
import { errorMessage, validationMessage } from "../http/messages.ts";

/**
 * Parses a `/content/*` query string strictly (an unknown or repeated parameter is refused)
 * and reports every problem under its parameter name, worded in `messageLang`.
 */
export function readContentQuery<S extends z.ZodType>(
  schema: S,
  query: unknown,
  messageLang: Locale,
): z.output<S> {
  const result = schema.safeParse({ ...(query as object) });
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[key] ??= validationMessage("unknown", key, messageLang);
      continue;
    }
    const name = issue.path.map(String).join(".") || "query";
    fields[name] ??= validationMessage("invalid", name, messageLang);
  }
  throw new AppError(ErrorCode.INVALID_QUERY, {
    message: errorMessage(ErrorCode.INVALID_QUERY, messageLang),
    fields,
  });
}
