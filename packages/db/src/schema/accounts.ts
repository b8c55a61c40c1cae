import { USER_TOKEN_KINDS, type UserTokenKind } from "@obmen/domain";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

export const userTokenKinds = USER_TOKEN_KINDS;
export type { UserTokenKind };

const tokenKindList = sql.raw(userTokenKinds.map((kind) => `'${kind}'`).join(", "));
/** Only SHA-256 digests of tokens are stored, never a token (DESIGN.md invariant 5). */
const SHA256_HEX = "^[0-9a-f]{64}$";

/**
 * A registered user (spec §1). The e-mail is the login, stored normalised (trimmed, lower
 * case: domain `normalizeAccountEmail`), so the unique index is the one account per address.
 * Without `email_confirmed_at` the account cannot sign in yet
 * (docs/decisions/024-accounts-and-sessions.md).
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    /** argon2id, PHC string with its own salt and parameters. */
    passwordHash: text("password_hash").notNull(),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    /** The language letters are written in: the one the user registered (or last signed in) in. */
    lang: text("lang").notNull().default("ru"),
    /** The `rid` the user came with, as given; the affiliate programme resolves it later. */
    referrerRid: text("referrer_rid"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    telegram: text("telegram"),
    /**
     * Set by an operator's block (issue 29): the account cannot sign in, its sessions were
     * ended, and new orders with its e-mail are created in `hold` (decision 062).
     */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    blockedReason: text("blocked_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_email_normalised_check", sql`${t.email} = lower(btrim(${t.email}))`),
    check("users_lang_check", sql`${t.lang} in ('ru', 'en', 'uk')`),
    // A channel's registrations are counted by its code (affiliate/channels/list-channels.ts).
    index("users_referrer_rid_idx").on(t.referrerRid).where(sql`${t.referrerRid} is not null`),
  ],
);

/**
 * A signed-in session: the envelope's `user_auth_token` is its token, of which only the
 * SHA-256 is kept. Sliding expiry: `expires_at` moves 30 days ahead when a use finds
 * `last_seen_at` older than a day. `revoked_at` ends it (logout, password reset or change).
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The end user's address and browser as the calling tier reported them, for the session list. */
    ip: text("ip"),
    userAgent: text("user_agent"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    check("user_sessions_token_hash_check", sql`${t.tokenHash} ~ ${sql.raw(`'${SHA256_HEX}'`)}`),
    index("user_sessions_user_idx").on(t.userId),
  ],
);

/**
 * A single-use token sent by e-mail: `confirm` (registration, 24 h), `reset` (password, 1 h),
 * `login_change` (new login e-mail, 24 h). Using one is one statement,
 * `UPDATE … SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
 * so two concurrent uses cannot both succeed.
 */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").$type<UserTokenKind>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `login_change`: the address that becomes the login once confirmed. */
    newEmail: text("new_email"),
    /**
     * `confirm`: the password chosen with the registration this link confirms. Confirming sets
     * it, so a second registration of an unconfirmed address cannot leave its owner with a
     * stranger's password (docs/decisions/024-accounts-and-sessions.md).
     */
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    check("user_tokens_kind_check", sql`${t.kind} in (${tokenKindList})`),
    check("user_tokens_token_hash_check", sql`${t.tokenHash} ~ ${sql.raw(`'${SHA256_HEX}'`)}`),
    check(
      "user_tokens_new_email_check",
      sql`(${t.kind} = 'login_change') = (${t.newEmail} is not null)`,
    ),
    index("user_tokens_user_idx").on(t.userId, t.kind),
  ],
);
