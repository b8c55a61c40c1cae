import { AppError, ErrorCode } from "@obmen/contracts";
import { type Database, operators } from "@obmen/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import { writeAudit } from "../audit/write-audit.ts";
import type { SignedInOperator } from "./operator-sessions.ts";
import { acceptTotp, newTotpSecret, totpUri } from "./totp.ts";

/**
 * Starts TOTP enrolment: a fresh secret replaces any unconfirmed one. An operator who already
 * has a confirmed factor cannot replace it this way (409): a stolen session must not be able
 * to move the second factor to the thief's phone.
 */
export async function startTotpEnrolment(options: {
  db: Database;
  caller: SignedInOperator;
  ip: string;
}): Promise<{ secret: string; otpauth_uri: string }> {
  const { db, caller } = options;
  const secret = newTotpSecret();
  const [updated] = await db
    .update(operators)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(operators.id, caller.operator.id), isNull(operators.totpConfirmedAt)))
    .returning({ id: operators.id });
  if (!updated) throw new AppError(ErrorCode.CONFLICT, { details: { reason: "totp_enabled" } });
  return { secret, otpauth_uri: totpUri(secret, caller.operator.email) };
}

/** Confirms enrolment with a code from the app; from then on sign-in needs a code. */
export async function confirmTotpEnrolment(options: {
  db: Database;
  caller: SignedInOperator;
  code: string;
  ip: string;
}) {
  const { db, caller } = options;
  const [operator] = await db.select().from(operators).where(eq(operators.id, caller.operator.id));
  if (!operator?.totpSecret || operator.totpConfirmedAt) {
    throw new AppError(ErrorCode.CONFLICT, {
      details: { reason: operator?.totpConfirmedAt ? "totp_enabled" : "totp_not_started" },
    });
  }
  const step = acceptTotp({ secret: operator.totpSecret, code: options.code, lastStep: null });
  if (step === null) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { totp: { key: "AdminErrors.TotpWrong" } },
    });
  }
  return db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(operators)
      .set({ totpConfirmedAt: sql`now()`, totpLastStep: step })
      .where(and(eq(operators.id, operator.id), isNull(operators.totpConfirmedAt)))
      .returning();
    if (!confirmed) throw new AppError(ErrorCode.CONFLICT, { details: { reason: "totp_enabled" } });
    await writeAudit({
      tx,
      actor: { operatorId: operator.id, ip: options.ip },
      action: "operator.totp_enabled",
      targetType: "operator",
      targetId: operator.id,
      before: { totp_enabled: false },
      after: { totp_enabled: true },
    });
    return confirmed;
  });
}
