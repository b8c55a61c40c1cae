import { type Database, type Transaction, userTokens } from "@obmen/db";
import { USER_TOKEN_LIFETIME_MS, type UserTokenKind } from "@obmen/domain";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { generateSecretToken, hashSecretToken } from "../sessions/secret-token.ts";

type Tx = Transaction | Database;

/**
 * A new single-use token for an e-mailed link; only its hash is stored, the token itself goes
 * into the letter (docs/decisions/024). Expiry by kind: confirm 24 h, reset 1 h.
 */
export async function issueUserToken(options: {
  tx: Tx;
  userId: string;
  kind: UserTokenKind;
  /** `confirm`: the password of the registration this link confirms. */
  passwordHash?: string;
  newEmail?: string;
}): Promise<string> {
  const token = generateSecretToken();
  await options.tx.insert(userTokens).values({
    kind: options.kind,
    tokenHash: hashSecretToken(token),
    userId: options.userId,
    passwordHash: options.passwordHash ?? null,
    newEmail: options.newEmail ?? null,
    expiresAt: sql`now() + ${USER_TOKEN_LIFETIME_MS[options.kind]}::double precision * interval '1 millisecond'`,
  });
  return token;
}

/**
 * Uses a token: one statement marks it used only if it is unused and unexpired, and returns
 * it; so of two concurrent uses exactly one gets the row (the other waits for the row lock,
 * then finds `used_at` set). Null for an unknown, used or expired token alike.
 */
export async function useUserToken(options: { tx: Tx; kind: UserTokenKind; token: string }) {
  const [used] = await options.tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.tokenHash, hashSecretToken(options.token)),
        eq(userTokens.kind, options.kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return used ?? null;
}

/** Voids a user's other unused links of a kind: once one worked, its siblings must not. */
export async function voidUserTokens(options: { tx: Tx; userId: string; kind: UserTokenKind }) {
  await options.tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.userId, options.userId),
        eq(userTokens.kind, options.kind),
        isNull(userTokens.usedAt),
      ),
    );
}
