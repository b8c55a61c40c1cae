import { AppError, ErrorCode, type FieldProblem } from "@obmen/contracts";
import type { MessageKey } from "@obmen/i18n";
import type { z } from "zod";
import { catalogKeyOf } from "./catalog-key.ts";
import { findUnstorableText } from "./unstorable-text.ts";

/**
 * Parses a decoded payload with the endpoint's schema (strict: unknown keys are refused) and
 * turns zod issues into the error shape's `fields` map (worded by the error handler).
 */
export function validatePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const unstorable = findUnstorableText(payload);
  if (unstorable) {
    const path = joinPath(unstorable) || "payload";
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { [path]: { key: "Validation.bad_characters", field: path } },
    });
  }
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
    // A rule that names its own message (a name's bidi control: contracts' visibleName).
    const ownKey = issue.code === "custom" ? issue.params?.key : undefined;
    if (typeof ownKey === "string") {
      fields[path || "payload"] ??= { key: ownKey as MessageKey, field: path };
      continue;
    }
    // zod 4 leaves `issue.input` out by default, so look the value up: only an absent one is
    // "required"; a value that is present but wrong (null, a number for a string) is invalid.
    // Any issue on an absent value (a union's too) means the value is missing.
    const missing = valueAt(payload, issue.path) === undefined;
    const why = missing ? null : catalogKeyOf(issue.message);
    fields[path || "payload"] ??= {
      key: why ?? (missing ? "Validation.required" : "Validation.invalid"),
      field: path,
    };
  }
  throw new AppError(ErrorCode.VALIDATION_FAILED, { fields });
}

function valueAt(payload: unknown, path: readonly PropertyKey[]): unknown {
  let value = payload;
  for (const key of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function joinPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}
