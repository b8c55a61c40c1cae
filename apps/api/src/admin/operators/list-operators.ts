import { type Database, operators } from "@obmen/db";
import { asc } from "drizzle-orm";
import type { OperatorRow } from "../auth/operator-sessions.ts";

/** Every operator, disabled ones too (the audit log names them), oldest account first. */
export function listOperators(options: { db: Database }): Promise<OperatorRow[]> {
  return options.db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.id));
}
