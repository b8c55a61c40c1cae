import { type Database, operators } from "@obmen/db";
import { normalizeAccountEmail } from "@obmen/domain";
import { eq } from "drizzle-orm";
import { createOperator } from "./create-operator.ts";
import { describeRefusal } from "./describe-refusal.ts";

/**
 * The first admin from `ADMIN_EMAIL`/`ADMIN_PASSWORD` at start (issue 14). Created only when no
 * operator has that address: a later start never resets a password the admin changed in the
 * console, nor revives a disabled account. Replicas starting together race on the unique
 * e-mail; the loser finds the row and does nothing.
 */
export async function ensureFirstAdmin(options: {
  db: Database;
  email: string;
  password: string;
}): Promise<"created" | "exists"> {
  const email = normalizeAccountEmail(options.email) ?? options.email;
  const [existing] = await options.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.email, email));
  if (existing) return "exists";
  try {
    await createOperator({
      db: options.db,
      email,
      password: options.password,
      role: "admin",
      actor: { operatorId: null, ip: null },
    });
    return "created";
  } catch (error) {
    const [raced] = await options.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.email, email));
    if (raced) return "exists";
    throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${describeRefusal(error)}`);
  }
}
