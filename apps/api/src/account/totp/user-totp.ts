import { AppError, ErrorCode } from "@obmen/contracts";
import { type Database, type Transaction, userTotp } from "@obmen/db";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import QRCode from "qrcode";
import type { UserRow } from "../../http/user-auth.ts";
import { enqueueAccountMail } from "../../mail/account-mail.ts";
import type { AccountLimits } from "../../rate-limits/account-limits.ts";
import { verifyPassword } from "../password/password-hashing.ts";
import type { SecretBox } from "./secret-box.ts";
import { matchingTimeStep, newTotpSecret, totpUri } from "./totp-codes.ts";

export interface TotpDeps {
  db: Database;
  /** The site (`APP_URL`) the letters' links are built on. */
  appUrl: string;
  box: SecretBox;
  limits: AccountLimits;
  /** The name authenticator apps show beside the account: the site's host (from APP_URL). */
  issuer: string;
}

export async function isTotpEnabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)));
  return row !== undefined;
}

/**
 * `/rest/user/totp/setup`: a new secret, pending until a code from it confirms it
 * (`enable`). The secret is shown this once (as text, URI and QR code) and never again.
 */
export async function setUpTotp(deps: TotpDeps, user: UserRow) {
  const secret = newTotpSecret();
  const sealedSecret = deps.box.seal(secret);
  // A pending secret is replaced; an enabled one stays until it is disabled.
  const [row] = await deps.db
    .insert(userTotp)
    .values({ userId: user.id, sealedSecret })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { sealedSecret, lastUsedStep: null, updatedAt: sql`now()` },
      setWhere: isNull(userTotp.enabledAt),
    })
    .returning({ userId: userTotp.userId });
  if (!row)
    throw new AppError(ErrorCode.CONFLICT, {
      fields: { code: { key: "AccountErrors.TotpAlreadyOn" } },
    });
  const otpauthUri = totpUri({ secret, account: user.email, issuer: deps.issuer });
  const qrSvg = await QRCode.toString(otpauthUri, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 1,
  });
  return { secret, otpauth_uri: otpauthUri, qr_svg: qrSvg };
}

/**
 * `/rest/user/totp/enable`: the first code from the pending secret switches it on, and a
 * letter tells the user (in case a stolen session did it: the owner would be locked out).
 */
export async function enableTotp(deps: TotpDeps, options: { user: UserRow; code: string }) {
  const { user } = options;
  await deps.limits.beforeSecondCheck(user.id);
  const [pending] = await deps.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
  if (!pending || pending.enabledAt) {
    throw new AppError(ErrorCode.CONFLICT, {
      fields: {
        code: { key: pending ? "AccountErrors.TotpAlreadyOn" : "AccountErrors.TotpNotSetUp" },
      },
    });
  }
  const switchedOn = await deps.db.transaction(async (tx) => {
    const spent = await spendCode(
      { ...deps, db: tx },
      { userId: user.id, code: options.code, pendingOnly: true },
    );
    if (spent) await tellUser(tx, deps, user, "totp_enabled");
    return spent;
  });
  if (!switchedOn) {
    await deps.limits.secondCheckFailed(user.id);
    throw wrongCode();
  }
  return {};
}

/** `/rest/user/totp/disable`: needs the password and a current code, so a stolen session cannot. */
export async function disableTotp(
  deps: TotpDeps,
  options: { user: UserRow; password: string; code: string },
) {
  const { user } = options;
  await deps.limits.beforeSecondCheck(user.id);
  if (!(await isTotpEnabled(deps.db, user.id))) {
    throw new AppError(ErrorCode.CONFLICT, {
      fields: { code: { key: "AccountErrors.TotpNotOn" } },
    });
  }
  const passwordMatches = await verifyPassword(user.passwordHash, options.password);
  const switchedOff =
    passwordMatches &&
    (await deps.db.transaction(async (tx) => {
      if (!(await spendCode({ ...deps, db: tx }, { userId: user.id, code: options.code }))) {
        return false;
      }
      await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
      await tellUser(tx, deps, user, "totp_disabled");
      return true;
    }));
  if (!switchedOff) {
    await deps.limits.secondCheckFailed(user.id);
    throw passwordMatches
      ? wrongCode()
      : new AppError(ErrorCode.VALIDATION_FAILED, {
          fields: { password: { key: "AccountErrors.WrongPassword" } },
        });
  }
  return {};
}

/**
 * The second step of a login to an account with TOTP on: 401 `TOTP_REQUIRED` without a code,
 * 401 `TOTP_INVALID` with a wrong or already used one. Resolves to whether the account has it.
 */
export async function checkLoginTotp(
  deps: Omit<TotpDeps, "issuer" | "appUrl">,
  options: { userId: string; code?: string; account: string; ip: string },
): Promise<boolean> {
  if (!(await isTotpEnabled(deps.db, options.userId))) return false;
  // Per account and address (issue 26 point 4): the owner elsewhere is never made to wait.
  await deps.limits.beforeLoginCode(options);
  if (!options.code) {
    throw new AppError(ErrorCode.TOTP_REQUIRED, {
      fields: { totp: { key: "AccountErrors.TotpEnterCode" } },
    });
  }
  if (!(await spendCode(deps, { userId: options.userId, code: options.code }))) {
    await deps.limits.loginCodeFailed({ ...options, email: options.account });
    throw new AppError(ErrorCode.TOTP_INVALID, {
      fields: { totp: { key: "AccountErrors.TotpWrongCode" } },
    });
  }
  return true;
}

/**
 * Accepts a code once: one statement moves `last_used_step` forward only if the code's step
 * is later, so the same code (or an older one) fails the second time, on any replica.
 * `pendingOnly` also switches the pending secret on in that statement.
 */
async function spendCode(
  deps: { db: Database | Transaction; box: SecretBox },
  options: { userId: string; code: string; pendingOnly?: boolean },
): Promise<boolean> {
  const [row] = await deps.db.select().from(userTotp).where(eq(userTotp.userId, options.userId));
  if (!row) return false;
  let secret: string;
  try {
    secret = deps.box.open(row.sealedSecret);
  } catch {
    // Sealed under another server secret (API_SECRET changed): no code can match.
    return false;
  }
  const step = matchingTimeStep({ secret, code: options.code });
  if (step === null) return false;
  const [spent] = await deps.db
    .update(userTotp)
    .set({
      lastUsedStep: step,
      updatedAt: sql`now()`,
      ...(options.pendingOnly ? { enabledAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(userTotp.userId, options.userId),
        eq(userTotp.sealedSecret, row.sealedSecret),
        options.pendingOnly ? isNull(userTotp.enabledAt) : isNotNull(userTotp.enabledAt),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return spent !== undefined;
}

/** The "switched on / off" letter, in the user's language, written with the change. */
function tellUser(
  tx: Transaction,
  deps: TotpDeps,
  user: UserRow,
  type: "totp_enabled" | "totp_disabled",
) {
  return enqueueAccountMail({ tx, type, to: user.email, locale: user.lang, appUrl: deps.appUrl });
}

function wrongCode() {
  return new AppError(ErrorCode.VALIDATION_FAILED, {
    fields: { code: { key: "AccountErrors.TotpWrongCode" } },
  });
}
