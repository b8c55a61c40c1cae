import { z } from "zod";

/**
 * A whole number as a partner or a form plausibly sends it: a JSON integer or a string of
 * decimal digits ("7", as forms post it). Nothing else is read as a number: `z.coerce` would
 * take `[7]`, `true` (1), `"0x10"` (16) or `" 7 "`, and act on a value nobody sent.
 */
export const WholeNumber = z.union([
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);
