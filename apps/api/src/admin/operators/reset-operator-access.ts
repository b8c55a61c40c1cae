import { AppError, ErrorCode } from "@obmen/contracts";
import { type Database, operators } from "@obmen/db";
import { normalizeAccountEmail } from "@obmen/domain";
import { eq } from "drizzle-orm";
import { newPasswordProblem } from "../../account/password/new-password-problem.ts";
import { hashPassword } from "../../account/password/password-hashing.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { endOperatorSessions, type OperatorRow } from "../auth/operator-sessions.ts";

/**
 * The way back in for an operator locked out (a forgotten password, a lost phone), from the
 * server's shell only (`npm run admin:create -- --reset`): a new password, the account enabled,
 * the second factor removed (to be enrolled again) and every session ended. Whoever runs it
 * already holds the database, so it grants nothing new; it is audited like any change.
 */
export async function resetOperatorAccess(options: {
  db: Database;
  email: string;
  password: string;
}): Promise<OperatorRow> {
  const email = normalizeAccountEmail(options.email);
  const problem = newPasswordProblem(options.password);
  if (!email || problem) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: {
        ...(email ? {} : { email: { key: "AccountErrors.InvalidEmail" } }),
        ...(problem ? { password: { ...problem, field: "password" } } : {}),
      },
    });
  }
  const passwordHash = await hashPassword(options.password);
  return options.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(operators)
      .set({
        passwordHash,
        disabledAt: null,
        totpSecret: null,
        totpConfirmedAt: null,
        totpLastStep: null,
      })
      .where(eq(operators.email, email))
      .returning();
    if (!updated) throw new AppError(ErrorCode.NOT_FOUND);
    await endOperatorSessions({ tx, operatorId: updated.id });
    await writeAudit({
      tx,
      actor: { operatorId: null, ip: null },
      action: "operator.reset_access",
      targetType: "operator",
      targetId: updated.id,
    });
    return updated;
  });
}
