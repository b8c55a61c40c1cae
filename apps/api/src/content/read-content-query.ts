import { AppError, ErrorCode, type FieldProblem } from "@obmen/contracts";
import type { z } from "zod";
import { catalogKeyOf } from "../http/catalog-key.ts";

/**
 * Parses a `/content/*` query string strictly (an unknown or repeated parameter is refused)
 * and reports every problem under its parameter name (worded by the error handler).
 */
export function readContentQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse({ ...(query as object) });
  if (result.success) return result.data;
  // No prototype: `??=` must see a key named `constructor` as absent, not as Object's.
  const fields: Record<string, FieldProblem> = Object.create(null);
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[key] ??= { key: "Validation.unknown", field: key };
      continue;
    }
    const name = issue.path.map(String).join(".") || "query";
    fields[name] ??= { key: catalogKeyOf(issue.message) ?? "Validation.invalid", field: name };
  }
  throw new AppError(ErrorCode.INVALID_QUERY, { fields });
}
