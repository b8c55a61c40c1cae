import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { orders } from "./orders.ts";

/**
 * The console's roles (issue 14; `desk`, the order desk alone, issue 29, decision 062);
 * contracts `OPERATOR_ROLES` names the same four.
 */
export const operatorRoles = ["admin", "operator", "desk", "editor"] as const;
export type OperatorRoleName = (typeof operatorRoles)[number];

const SHA256_HEX = "^[0-9a-f]{64}$";

/**
 * A person who runs the exchange from the console: separate from customer `users`, so a
 * customer session can never reach `/admin/api/*` and an operator's letters never mix with a
 * customer's. The e-mail is stored normalised (trimmed, lower case) like `users.email`.
 * A disabled operator keeps the row (the audit log and order events name them) but cannot
 * sign in, and their sessions end (docs/decisions/028-operator-console-api.md).
 */
export const operators = pgTable(
  "operators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    /** argon2id PHC string, the accounts' parameters. */
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<OperatorRoleName>().notNull(),
    /**
     * Base32 TOTP secret (RFC 6238). Set when enrolment starts; the second factor is required
     * only once `totp_confirmed_at` is set (a code from the app proved the secret was scanned).
     */
    totpSecret: text("totp_secret"),
    totpConfirmedAt: timestamp("totp_confirmed_at", { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("operators_email_normalised_check", sql`${t.email} = lower(btrim(${t.email}))`),
    check("operators_role_check", sql`${t.role} in ('admin', 'operator', 'desk', 'editor')`),
    check(
      "operators_totp_confirmed_check",
      sql`${t.totpConfirmedAt} is null or ${t.totpSecret} is not null`,
    ),
  ],
);

/**
 * A console session. The cookie holds the token; only its SHA-256 is kept, as for
 * `user_sessions`. Sliding: each use extends `expires_at` to 12 hours from then (written at
 * most once a minute), and no session outlives `created_at` + 7 days.
 */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "operator_sessions_token_hash_check",
      sql`${t.tokenHash} ~ ${sql.raw(`'${SHA256_HEX}'`)}`,
    ),
    index("operator_sessions_operator_idx").on(t.operatorId),
  ],
);

/**
 * Who did what, when, from where, with the values before and after (issue 14 §7): every
 * state-changing console call and every sign-in, written in the transaction of the change it
 * records. Append-only: the app never updates or deletes a row.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    /** Null when no operator was signed in (a refused login, the start-up admin, the CLI). */
    operatorId: uuid("operator_id").references(() => operators.id),
    /** `login`, `login_failed`, `order.status`, `currency.update`, `pair.update`, … */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
    // The log's operator filter (issue 26 point 10), newest first.
    index("audit_log_operator_idx").on(t.operatorId, t.id),
  ],
);

/**
 * What identifies a completed order's payout (a transaction hash, a bank's reference), given
 * by the operator who completed it. One per order: an order completes once.
 */
export const orderPayouts = pgTable("order_payouts", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id),
  reference: text("reference").notNull(),
  operatorId: uuid("operator_id")
    .notNull()
    .references(() => operators.id),
  createdAt: createdAt(),
});

/**
 * Where a refunded order's money went back and the refund's reference (a bank's reference, a
 * transaction hash), given by the operator who refunded it, as a completion gives its payout's
 * (issue 26 point 10). One per order: `refunded` is terminal.
 */
export const orderRefunds = pgTable("order_refunds", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id),
  refundTo: text("refund_to").notNull(),
  reference: text("reference").notNull(),
  operatorId: uuid("operator_id")
    .notNull()
    .references(() => operators.id),
  createdAt: createdAt(),
});
