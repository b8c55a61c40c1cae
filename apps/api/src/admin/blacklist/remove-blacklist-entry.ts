import { AppError, ErrorCode } from "@obmen/contracts";
import { blacklistEntries, type Database } from "@obmen/db";
import { eq } from "drizzle-orm";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";

/**
 * Takes a value off the blacklist (404 if it is not there). Orders it held keep their flags,
 * which copy what matched; the audit row keeps what was removed.
 */
export async function removeBlacklistEntry(options: {
  db: Database;
  id: number;
  actor: AuditActor;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(blacklistEntries)
      .where(eq(blacklistEntries.id, options.id))
      .returning();
    if (!removed) throw new AppError(ErrorCode.NOT_FOUND);
    await writeAudit({
      tx,
      actor: options.actor,
      action: "blacklist.remove",
      targetType: "blacklist_entry",
      targetId: removed.id,
      before: { kind: removed.kind, shown: removed.shown, reason: removed.reason },
    });
  });
}
