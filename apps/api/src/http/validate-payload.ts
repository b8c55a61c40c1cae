import { AppError, ErrorCode, type FieldProblem } from "@obmen/contracts";
import type { z } from "zod";

/**
 * Parses a decoded payload with the endpoint's schema (strict: unknown keys are refused) and
 * turns zod issues into the error shape's `fields` map (worded by the error handler).
 */
export function validatePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  // No prototype: `??=` must see a key named `constructor` as absent, not as Object's.
  const fields: Record<string, FieldProblem> = Object.create(null);
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys)
        fields[joinPath([...issue.path, key])] ??= { key: "Validation.unknown", field: key };
      continue;
    }
    const path = joinPath(issue.path);
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    fields[path || "payload"] ??= {
      key: missing ? "Validation.required" : "Validation.invalid",
      field: path,
    };
  }
  throw new AppError(ErrorCode.VALIDATION_FAILED, { fields });
}

function joinPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}
