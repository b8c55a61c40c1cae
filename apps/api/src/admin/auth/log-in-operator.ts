import { AppError, ErrorCode } from "@obmen/contracts";
import { type Database, operators } from "@obmen/db";
import { normalizeAccountEmail } from "@obmen/domain";
import { eq, sql } from "drizzle-orm";
import type { Captcha } from "../../account/captcha/captcha.ts";
import { requireCaptcha } from "../../account/captcha/require-captcha.ts";
import { verifyAgainstDummy, verifyPassword } from "../../account/password/password-hashing.ts";
import type { OperatorLoginLimits } from "../../rate-limits/operator-login-limits.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { createOperatorSession, type OperatorRow } from "./operator-sessions.ts";
import { acceptTotp } from "./totp.ts";

/**
 * `POST /admin/api/login`. A wrong password, an unknown or disabled operator and a malformed
 * address get one answer, 401 INVALID_CREDENTIALS under `password`, in the same time (a dummy
 * hash is verified when there is no operator). Only the right password learns that a code is
 * needed (401 under `totp`, `details.totp_required`). Every attempt on an operator's
 * address is audited: a success as `login`, a refusal as `login_failed`.
 *
 * Limits (rate-limits/operator-login-limits.ts, issue 26 points 3 and 4): 429 only while this
 * account-and-address pair waits; after failures on the account or from the address, a solved
 * captcha (400 `CAPTCHA_REQUIRED` under `captcha`, before the password is looked at, so it
 * tells nothing about the password). Wrong codes count like wrong passwords, per pair.
 */
export async function logInOperator(options: {
  db: Database;
  limiter: OperatorLoginLimits;
  captcha: Captcha;
  email: string;
  password: string;
  totp: string | undefined;
  captchaSolution: string | undefined;
  ip: string;
  userAgent: string | null;
}): Promise<{ operator: OperatorRow; token: string }> {
  const { db, limiter, ip } = options;
  const email = normalizeAccountEmail(options.email) ?? options.email.trim().toLowerCase();
  const key = { ip, email };
  const gate = await limiter.beforeLogin(key);
  await requireCaptcha({
    captcha: options.captcha,
    required: gate.captchaRequired,
    solution: options.captchaSolution,
  });

  const [operator] = await db.select().from(operators).where(eq(operators.email, email));
  let passwordOk = false;
  if (operator) passwordOk = await verifyPassword(operator.passwordHash, options.password);
  else await verifyAgainstDummy(options.password);
  const refuse = async (problem: "password" | "totp_missing" | "totp_wrong") => {
    await limiter.failed(key);
    // Attempts on an operator's address are that operator's history; an address that is no
    // operator's is left to the limiter. The audit log is append-only, so auditing whatever
    // addresses strangers try would let anyone grow it without bound (the contract fuzz found
    // a refused request writing a row). One insert against the hash's ~20 ms is below the
    // timing noise, so it tells nobody which addresses are operators'.
    if (operator) {
      await writeAudit({
        tx: db,
        actor: { operatorId: null, ip },
        action: "login_failed",
        targetType: "operator",
        targetId: operator.id,
        after: { email, reason: problem },
      });
    }
    if (problem === "password") {
      throw new AppError(ErrorCode.INVALID_CREDENTIALS, {
        fields: { password: { key: "AccountErrors.WrongCredentials" } },
      });
    }
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, {
      fields: {
        totp: {
          key: problem === "totp_missing" ? "AdminErrors.TotpRequired" : "AdminErrors.TotpWrong",
        },
      },
      details: { totp_required: true },
    });
  };
  if (!operator || !passwordOk || operator.disabledAt) return refuse("password");

  let totpStep: number | null = null;
  if (operator.totpConfirmedAt && operator.totpSecret) {
    if (!options.totp) return refuse("totp_missing");
    totpStep = acceptTotp({
      secret: operator.totpSecret,
      code: options.totp,
      lastStep: operator.totpLastStep,
    });
    if (totpStep === null) return refuse("totp_wrong");
  }

  await limiter.succeeded(key);
  const token = await db.transaction(async (tx) => {
    if (totpStep !== null) {
      // Claims the step atomically: of two logins with one code, the second finds it used.
      const [claimed] = await tx
        .update(operators)
        .set({ totpLastStep: totpStep, lastLoginAt: sql`now()` })
        .where(
          sql`${operators.id} = ${operator.id} and (${operators.totpLastStep} is null or ${operators.totpLastStep} < ${totpStep})`,
        )
        .returning({ id: operators.id });
      if (!claimed) return null;
    } else {
      await tx
        .update(operators)
        .set({ lastLoginAt: sql`now()` })
        .where(eq(operators.id, operator.id));
    }
    await writeAudit({
      tx,
      actor: { operatorId: operator.id, ip },
      action: "login",
      targetType: "operator",
      targetId: operator.id,
    });
    return createOperatorSession({
      tx,
      operatorId: operator.id,
      ip,
      userAgent: options.userAgent,
    });
  });
  if (token === null) return refuse("totp_wrong");
  return { operator, token };
}
