import { AppError, type BlacklistEntry, type BlacklistKind, ErrorCode } from "@obmen/contracts";
import { blacklistEntries, type Database } from "@obmen/db";
import { normaliseBlacklistValue } from "../../risk/blacklist-value.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";

/**
 * A new blacklist entry (issue 29): the value normalised as its order field is (422 under
 * `value` when it is not one), 409 under `value` when the same value is already listed, the
 * audit row in the same transaction. The audit keeps the shown value, never a card number.
 */
export async function addBlacklistEntry(options: {
  db: Database;
  cardKey: Buffer;
  kind: BlacklistKind;
  value: string;
  reason: string;
  actor: AuditActor & { operatorEmail: string };
}): Promise<BlacklistEntry> {
  const normalised = normaliseBlacklistValue(options);
  if (!normalised.ok) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { value: { key: normalised.problem } },
    });
  }
  return options.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(blacklistEntries)
      .values({
        kind: options.kind,
        value: normalised.value,
        shown: normalised.shown,
        reason: options.reason,
        createdBy: options.actor.operatorId,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      throw new AppError(ErrorCode.CONFLICT, {
        fields: { value: { key: "RiskErrors.AlreadyListed" } },
      });
    }
    await writeAudit({
      tx,
      actor: options.actor,
      action: "blacklist.add",
      targetType: "blacklist_entry",
      targetId: created.id,
      after: { kind: created.kind, shown: created.shown, reason: created.reason },
    });
    return {
      id: created.id,
      kind: created.kind,
      shown: created.shown,
      reason: created.reason,
      created_by: options.actor.operatorEmail,
      created_at: created.createdAt.toISOString(),
    };
  });
}
