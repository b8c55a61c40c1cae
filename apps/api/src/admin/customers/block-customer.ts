import { type AdminCustomer, AppError, ErrorCode } from "@obmen/contracts";
import { type Database, users } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { endUserSessions } from "../../account/sessions/end-sessions.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { customerView } from "./customer-view.ts";

/**
 * Blocks a customer (`reason`) or lifts the block (`reason` null), with its audit row, in one
 * transaction. A block ends every live session at once: sessions are read from the database
 * on every call, so no replica keeps serving one. Login is refused with ACCOUNT_BLOCKED
 * (log-in.ts) and new orders with the e-mail are held (assess-order-risk.ts).
 */
export async function setCustomerBlock(options: {
  db: Database;
  id: string;
  reason: string | null;
  actor: AuditActor;
}): Promise<AdminCustomer> {
  return options.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, options.id)).for("update");
    if (!before) throw new AppError(ErrorCode.NOT_FOUND);
    const blocking = options.reason !== null;
    const [after] = await tx
      .update(users)
      .set({
        blockedAt: blocking ? (before.blockedAt ?? sql`now()`) : null,
        blockedReason: options.reason,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, options.id))
      .returning();
    if (blocking) await endUserSessions({ tx, userId: options.id });
    await writeAudit({
      tx,
      actor: options.actor,
      action: blocking ? "customer.block" : "customer.unblock",
      targetType: "user",
      targetId: options.id,
      before: { blocked: before.blockedAt !== null, reason: before.blockedReason },
      after: { blocked: blocking, reason: options.reason },
    });
    return customerView(after!);
  });
}
