import { AppError, ErrorCode, type Locale } from "@obmen/contracts";
import type { z } from "zod";
import { errorMessage, validationMessage } from "./messages.ts";

/**
 * Parses a decoded payload with the endpoint's schema (strict: unknown keys are refused) and
 * turns zod issues into the error shape's `fields` map, worded in the request's language.
 */
export function validatePayload<S extends z.ZodType>(
  schema: S,
  payload: unknown,
  lang: Locale,
): z.infer<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys)
        fields[joinPath([...issue.path, key])] ??= validationMessage("unknown", key, lang);
      continue;
    }
    const path = joinPath(issue.path);
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    fields[path || "payload"] ??= validationMessage(missing ? "required" : "invalid", path, lang);
  }
  throw new AppError(ErrorCode.VALIDATION_FAILED, {
    message: errorMessage(ErrorCode.VALIDATION_FAILED, lang),
    fields,
  });
}

function joinPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}
