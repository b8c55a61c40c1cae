import { AppError, ErrorCode } from "@obmen/contracts";
import { type Database, operators } from "@obmen/db";
import { eq } from "drizzle-orm";
import { newPasswordProblem } from "../../account/password/new-password-problem.ts";
import { hashPassword, verifyPassword } from "../../account/password/password-hashing.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { endOperatorSessions, type SignedInOperator } from "./operator-sessions.ts";

/**
 * An operator changes their own password: the current one is verified, the new one follows
 * the accounts' rules, and every other session of the operator ends (issue 14: "sessions
 * ended on logout and password change").
 */
export async function changeOperatorPassword(options: {
  db: Database;
  caller: SignedInOperator;
  oldPassword: string;
  newPassword: string;
  ip: string;
}) {
  const { db, caller } = options;
  if (!(await verifyPassword(caller.operator.passwordHash, options.oldPassword))) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { old_password: { key: "AccountErrors.WrongOldPassword" } },
    });
  }
  const problem = newPasswordProblem(options.newPassword);
  if (problem) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { new_password: { ...problem, field: "new_password" } },
    });
  }
  if (options.newPassword === options.oldPassword) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { new_password: { key: "AccountErrors.SameAsOld" } },
    });
  }
  const passwordHash = await hashPassword(options.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(operators).set({ passwordHash }).where(eq(operators.id, caller.operator.id));
    await endOperatorSessions({
      tx,
      operatorId: caller.operator.id,
      exceptSessionId: caller.session.id,
    });
    await writeAudit({
      tx,
      actor: { operatorId: caller.operator.id, ip: options.ip },
      action: "operator.password_changed",
      targetType: "operator",
      targetId: caller.operator.id,
    });
  });
}
