import { AppError, ErrorCode, type OperatorRole } from "@obmen/contracts";
import { type Database, operators, type Transaction } from "@obmen/db";
import { normalizeAccountEmail } from "@obmen/domain";
import { newPasswordProblem } from "../../account/password/new-password-problem.ts";
import { hashPassword } from "../../account/password/password-hashing.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import type { OperatorRow } from "../auth/operator-sessions.ts";

/**
 * A new operator account (admin only, or the start-up admin and `npm run admin:create`).
 * The e-mail is normalised like customers' logins; the password follows the accounts' rules.
 * An address already in use is 409 CONFLICT under `email`.
 */
export async function createOperator(options: {
  db: Database | Transaction;
  email: string;
  password: string;
  role: OperatorRole;
  actor: AuditActor;
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
    const [created] = await tx
      .insert(operators)
      .values({ email, passwordHash, role: options.role })
      .onConflictDoNothing({ target: operators.email })
      .returning();
    if (!created) {
      throw new AppError(ErrorCode.CONFLICT, {
        fields: { email: { key: "AdminErrors.OperatorExists" } },
      });
    }
    await writeAudit({
      tx,
      actor: options.actor,
      action: "operator.create",
      targetType: "operator",
      targetId: created.id,
      after: { email, role: options.role },
    });
    return created;
  });
}
