import type { z } from "zod";

/** What a form posted, read into objects: `fields.receive_card` → `{ fields: { receive_card } }`. */
export type FormPayload = { [name: string]: FormDataEntryValue | FormPayload };

export type FormSubmission<T> =
  | { success: true; value: T; payload: FormPayload }
  /** `errors`: form path (an input's name) → its first message. */
  | { success: false; errors: Record<string, string>; payload: FormPayload };

// A name segment that would reach an object's prototype is not a form path.
const UNSAFE_SEGMENTS = new Set(["__proto__", "prototype", "constructor"]);

/**
 * Reads a posted form with a zod schema, in the shape of Epic Stack's
 * `parseWithZod(formData, { schema })`. A dotted name is a path, so an input named like the
 * API's form path (`fields.<key>`, `send_amount`) gets its error under its own name, whether
 * the form's schema or the API found it. `message` words each issue: the schemas are the API's
 * own, and their messages are for partners, not for the visitor's language.
 */
export function parseFormData<S extends z.ZodType>(
  formData: FormData,
  options: { schema: S; message: (issue: z.core.$ZodIssue) => string },
): FormSubmission<z.output<S>> {
  const payload = readPayload(formData);
  // With the input, a message can tell an empty value from a wrong one.
  const result = options.schema.safeParse(payload, { reportInput: true });
  if (result.success) return { success: true, value: result.data, payload };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    errors[issue.path.map(String).join(".")] ??= options.message(issue);
  }
  return { success: false, errors, payload };
}

/** The first value of each name wins; a name that clashes with an earlier one is ignored. */
function readPayload(formData: FormData): FormPayload {
  const payload: FormPayload = {};
  for (const [name, value] of formData) {
    const segments = name.split(".");
    if (segments.some((segment) => segment === "" || UNSAFE_SEGMENTS.has(segment))) continue;
    let target: FormPayload = payload;
    for (const segment of segments.slice(0, -1)) {
      const next = target[segment] ?? {};
      target[segment] = next;
      // A name that is already a value (`email`, then `email.x`) is not also a path.
      if (typeof next === "string" || next instanceof File) {
        target = {};
        break;
      }
      target = next;
    }
    target[segments.at(-1)!] ??= value;
  }
  return payload;
}
