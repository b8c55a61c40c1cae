import { isDeepStrictEqual } from "node:util";
import { z } from "zod";

/** An answer its route's declared response schema does not describe: a bug on our side. */
export class ResponseSchemaMismatch extends Error {
  constructor(path: string, problem: string) {
    super(`the answer of ${path} does not match its declared response schema: ${problem}`);
    this.name = "ResponseSchemaMismatch";
  }
}

/**
 * Checks an answer as a client reads it (its JSON text) against the route's declared schema:
 * it must parse, and parsing must neither drop nor change anything. An undeclared key would
 * reach clients undocumented while the SDK, parsing with the same schema, silently strips it.
 * Tests turn this on (RegisterApiOptions.checkResponses); it costs a parse per answer.
 */
export function checkResponseBody(options: { path: string; schema: z.ZodType; json: string }) {
  const { path, schema } = options;
  const wire: unknown = JSON.parse(options.json);
  const result = schema.safeParse(wire);
  const problem = result.success
    ? firstDifference(result.data, wire, "")
    : z.prettifyError(result.error);
  if (problem === null) return;
  const mismatch = new ResponseSchemaMismatch(path, problem);
  // Only tests and development check answers: the console is where a developer looks, while
  // the client gets the usual opaque 500.
  console.error(mismatch.message);
  throw mismatch;
}

/** Where the schema's reading of the answer departs from the answer itself, or null. */
function firstDifference(parsed: unknown, wire: unknown, at: string): string | null {
  if (isDeepStrictEqual(parsed, wire)) return null;
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null;
  if (isRecord(parsed) && isRecord(wire) && Array.isArray(parsed) === Array.isArray(wire)) {
    for (const key of new Set([...Object.keys(wire), ...Object.keys(parsed)])) {
      const path = at ? `${at}.${key}` : key;
      if (!(key in parsed)) return `${path} is not declared`;
      if (!(key in wire)) return `${path} is added by the schema`;
      const inner = firstDifference(parsed[key], wire[key], path);
      if (inner !== null) return inner;
    }
  }
  return `${at || "the answer"} is changed by the schema`;
}
