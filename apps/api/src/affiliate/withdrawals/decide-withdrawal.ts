import { type AdminWithdrawalDecision, AppError, ErrorCode } from "@obmen/contracts";
import { affiliateWithdrawals, type Database, users } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { type AuditActor, writeAudit } from "../../admin/audit/write-audit.ts";
import { creditLines, lockPartnerBalance } from "../ledger/debt-netting.ts";
import { postEntry, transfer } from "../ledger/post-entry.ts";
import { enqueueWithdrawalLetter } from "./withdrawal-letter.ts";

/**
 * An operator pays or rejects a requested withdrawal (`POST /admin/api/withdrawals/{id}/status`),
 * in one transaction: the request locked while still `requested` (else 409 CONFLICT, so of two
 * operators only one decides), the hold moved to paid (on_hold → paid) or released
 * (on_hold → available, paying off first what the partner owes from a reversed reward,
 * decision 039), the audit row and the partner's letter in its language. A payment
 * needs its reference; a rejection its reason (the partner reads it).
 */
export async function decideWithdrawal(options: {
  db: Database;
  appUrl: string;
  withdrawalId: number;
  decision: AdminWithdrawalDecision;
  actor: AuditActor & { operatorId: string };
}): Promise<void> {
  const { db, decision, actor } = options;
  const reference = decision.reference?.trim() || null;
  const reason = decision.reason?.trim() || null;
  if (decision.status === "paid" && !reference) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { reference: { key: "Validation.required", field: "reference" } },
    });
  }
  if (decision.status === "rejected" && !reason) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { reason: { key: "AdminErrors.ReasonRequired" } },
    });
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ withdrawal: affiliateWithdrawals, email: users.email, lang: users.lang })
      .from(affiliateWithdrawals)
      .innerJoin(users, eq(users.id, affiliateWithdrawals.partnerId))
      .where(eq(affiliateWithdrawals.id, options.withdrawalId))
      .for("update", { of: affiliateWithdrawals });
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const { withdrawal } = row;
    if (withdrawal.status !== "requested") {
      throw new AppError(ErrorCode.CONFLICT, { details: { status: withdrawal.status } });
    }
    await tx
      .update(affiliateWithdrawals)
      .set({
        status: decision.status,
        reference,
        reason,
        operatorId: actor.operatorId,
        decidedAt: new Date(),
      })
      .where(
        and(
          eq(affiliateWithdrawals.id, withdrawal.id),
          eq(affiliateWithdrawals.status, "requested"),
        ),
      );
    const lines =
      decision.status === "paid"
        ? transfer("on_hold", "paid", withdrawal.amount)
        : creditLines({
            from: "on_hold",
            amount: withdrawal.amount,
            owed: (await lockPartnerBalance({ tx, partnerId: withdrawal.partnerId })).owed,
          });
    await postEntry({
      tx,
      kind: decision.status === "paid" ? "withdrawal_paid" : "withdrawal_released",
      partnerId: withdrawal.partnerId,
      currency: withdrawal.currency,
      withdrawalId: withdrawal.id,
      lines,
    });
    await writeAudit({
      tx,
      actor,
      action: "withdrawal.status",
      targetType: "withdrawal",
      targetId: withdrawal.id,
      before: { status: withdrawal.status },
      after: {
        status: decision.status,
        ...(reference ? { reference } : {}),
        ...(reason ? { reason } : {}),
      },
    });
    await enqueueWithdrawalLetter({
      tx,
      to: row.email,
      lang: row.lang,
      decision: decision.status,
      withdrawal,
      note: decision.status === "paid" ? reference : reason,
      appUrl: options.appUrl,
    });
  });
}
