import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt, updatedAt } from "./columns.ts";

/**
 * Counters of the account rate limits when replicas share one PostgreSQL and no Redis
 * (docs/decisions/026-rate-limits-captcha-totp.md). The layout is rate-limiter-flexible's
 * `RateLimiterPostgres` table, created here by a migration rather than by the library at run
 * time (`tableCreated: true`), so the schema has one owner. `key` is the limiter's prefix and a
 * SHA-256 of the address or e-mail, never an e-mail in clear; `expire` is epoch milliseconds.
 * Also remembers used captcha solutions until their challenge expires (one point each).
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/**
 * A user's TOTP second factor (RFC 6238, 30 s, 6 digits, SHA-1 as authenticator apps expect).
 * The shared secret is sealed with AES-256-GCM under a key derived from the server secret, so
 * a copy of this table alone gives no codes. `enabled_at` null: set up, waiting for the first
 * code. `last_used_step` is the time step of the last accepted code: a code is accepted only
 * for a later step, so each works once, even when two replicas see it at once.
 */
export const userTotp = pgTable(
  "user_totp",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    sealedSecret: text("sealed_secret").notNull(),
    enabledAt: timestamp("enabled_at", { withTimezone: true }),
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("user_totp_last_used_step_check", sql`${t.lastUsedStep} >= 0`)],
);
