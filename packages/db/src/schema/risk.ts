import { sql } from "drizzle-orm";
import { bigserial, check, index, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { operators } from "./operators.ts";
import { orders } from "./orders.ts";

/** What a blacklist entry names (issue 29): compared with an order as `assess-order-risk.ts` says. */
export const blacklistKinds = ["email", "wallet", "card", "ip"] as const;
export type BlacklistKind = (typeof blacklistKinds)[number];

/** Why a new order was held (issue 29, decision 062). */
export const riskSources = ["blacklist", "blocked_customer", "aml"] as const;
export type RiskSource = (typeof riskSources)[number];

/**
 * A value no order should pass unchecked. `value` is what orders are compared with, normalised
 * as order fields are: an e-mail case-folded, an address or IP exactly, and a card never in
 * clear — a keyed hash (HMAC-SHA-256 under a key derived from the server secret) of its
 * digits, so a database dump does not hand out card numbers. `shown` is what operators see
 * (the card masked). Removing an entry deletes it; the audit log keeps who added and removed it.
 */
export const blacklistEntries = pgTable(
  "blacklist_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<BlacklistKind>().notNull(),
    value: text("value").notNull(),
    shown: text("shown").notNull(),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique("blacklist_entries_kind_value_unique").on(t.kind, t.value),
    check("blacklist_entries_kind_check", sql`${t.kind} in ('email', 'wallet', 'card', 'ip')`),
  ],
);

/**
 * Why the `system` put a new order in `hold` in its create transaction: operators read it on
 * the desk, the customer never does. A copy of what matched (kind, shown value, reason), so the
 * order keeps its story when the entry is later removed; `details` holds a source's own facts
 * (an AML score and provider, a blocked customer's id).
 */
export const orderRiskFlags = pgTable(
  "order_risk_flags",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    source: text("source").$type<RiskSource>().notNull(),
    kind: text("kind"),
    shown: text("shown"),
    reason: text("reason").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_risk_flags_order_idx").on(t.orderId),
    check(
      "order_risk_flags_source_check",
      sql`${t.source} in ('blacklist', 'blocked_customer', 'aml')`,
    ),
  ],
);
