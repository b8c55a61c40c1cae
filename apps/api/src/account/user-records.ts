import { MAX_ROW_ID } from "@obmen/contracts";
import { type Transaction, users } from "@obmen/db";
import { eq } from "drizzle-orm";

/**
 * How many wallets and templates one user may keep (issue 13). Enough for every currency a
 * person actually uses, few enough that a script cannot grow a table without bound.
 */
export const MAX_WALLETS_PER_USER = 50;
export const MAX_TEMPLATES_PER_USER = 50;

/**
 * Serialises a user's own creates: the user's row is locked until the transaction ends, so a
 * count-then-insert cannot be raced past the cap by two concurrent requests. `FOR NO KEY
 * UPDATE` does not block the foreign-key checks (`FOR KEY SHARE`) of other writes to the user.
 */
export async function lockUserRecords(options: { tx: Transaction; userId: string }) {
  await options.tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, options.userId))
    .for("no key update");
}

/**
 * Whether `id` can name a row: the account calls take any whole number, and PostgreSQL would
 * refuse one beyond an `integer` with an error (a 500), so such an id is simply not a row (404).
 */
export function canBeRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ROW_ID;
}
