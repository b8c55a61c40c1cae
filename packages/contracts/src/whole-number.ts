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

/** The largest value of PostgreSQL's `integer`, the type of the tables' row ids. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row's id (a wallet, a receipt, a withdrawal, a text…): a whole number from 1 to the
 * largest `integer`. A larger one names no row, and sent to the database it would fail the
 * query (a 500) instead of being refused.
 */
export const RowId = WholeNumber.pipe(z.number().int().min(1).max(MAX_ROW_ID));
