import { AppError, ErrorCode, type OperatorRole } from "@obmen/contracts";
import { type Database, operators } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { endOperatorSessions, type OperatorRow } from "../auth/operator-sessions.ts";

/**
 * An admin changes an operator's role or disables (or re-enables) them. Disabling ends the
 * operator's sessions at once. An admin cannot demote or disable themselves: the console must
 * never be left without anyone able to manage operators by one mistaken click.
 */
export async function updateOperator(options: {
  db: Database;
  id: string;
  patch: { role?: OperatorRole; disabled?: boolean };
  actor: AuditActor & { operatorId: string };
}): Promise<OperatorRow> {
  const { db, id, patch, actor } = options;
  if (
    id === actor.operatorId &&
    (patch.disabled === true || (patch.role && patch.role !== "admin"))
  ) {
    throw new AppError(ErrorCode.CONFLICT, { details: { reason: "own_account" } });
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(operators).where(eq(operators.id, id)).for("update");
    if (!current) throw new AppError(ErrorCode.NOT_FOUND);
    const [updated] = await tx
      .update(operators)
      .set({
        ...(patch.role ? { role: patch.role } : {}),
        ...(patch.disabled === undefined
          ? {}
          : { disabledAt: patch.disabled ? (current.disabledAt ?? sql`now()`) : null }),
      })
      .where(eq(operators.id, id))
      .returning();
    if (patch.disabled) await endOperatorSessions({ tx, operatorId: id });
    await writeAudit({
      tx,
      actor,
      action: "operator.update",
      targetType: "operator",
      targetId: id,
      before: {
        ...(patch.role ? { role: current.role } : {}),
        ...(patch.disabled === undefined ? {} : { disabled: current.disabledAt !== null }),
      },
      after: patch,
    });
    return updated!;
  });
}
