import { ORDER_STATUSES, type OrderStatus } from "@obmen/domain";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { currencies, currencyPairs } from "./catalogue.ts";
import { bytea, createdAt, decimal, updatedAt } from "./columns.ts";

/** Our statuses (DESIGN "Orders"; the spec lists none), defined once in the domain. */
export const orderStatuses = ORDER_STATUSES;
export type { OrderStatus };

const statusList = sql.raw(orderStatuses.map((status) => `'${status}'`).join(", "));

export type OrderFieldValue = { key: string; value: string };

/**
 * An exchange order. `id` is the spec's `exchange_uuid`, made by the app with
 * crypto.randomUUID() so it is known before the insert and unguessable. Rates and fee are copied
 * from the pair at creation: the order keeps its locked rate whatever the operator changes later.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pairId: integer("pair_id")
      .notNull()
      .references(() => currencyPairs.id),
    sendCurrencyId: integer("send_currency_id")
      .notNull()
      .references(() => currencies.id),
    receiveCurrencyId: integer("receive_currency_id")
      .notNull()
      .references(() => currencies.id),
    status: text("status").$type<OrderStatus>().notNull().default("new"),
    sendAmount: decimal("send_amount").notNull(),
    receiveAmount: decimal("receive_amount").notNull(),
    sendRate: decimal("send_rate").notNull(),
    receiveRate: decimal("receive_rate").notNull(),
    comissionAmount: decimal("comission_amount").notNull(),
    sendRateReal: decimal("send_rate_real").notNull(),
    receiveRateReal: decimal("receive_rate_real").notNull(),
    email: text("email").notNull(),
    locale: text("locale").notNull(),
    fields: jsonb("fields").$type<OrderFieldValue[]>().notNull().default([]),
    // Users arrive with the account issue; these columns exist now so the exchange migration is
    // not reshaped later. No foreign key until the users table exists.
    userId: uuid("user_id"),
    referrerId: uuid("referrer_id"),
    clientIp: text("client_ip"),
    /** Makes a retried create return the first order instead of a second one (DESIGN SDK). */
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: createdAt(),
    /** End of the locked rate; the expiry job moves `new` orders past it to `expired`. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in (${statusList})`),
    check("orders_locale_check", sql`${t.locale} in ('ru', 'en', 'uk')`),
    check("orders_amounts_check", sql`${t.sendAmount} > 0 and ${t.receiveAmount} > 0`),
    index("orders_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'new'`),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_referrer_idx").on(t.referrerId),
    // A user's history: the orders placed with their login e-mail, newest first
    // (apps/api/src/account/history). Orders keep the address as typed, the login is lower case.
    index("orders_email_created_idx").on(sql`lower(${t.email})`, t.createdAt.desc().nullsFirst()),
    // The order desk's search (apps/api/src/admin/orders/search-condition.ts, decision 038):
    // an e-mail by its start (`text_pattern_ops` lets `like 'abc%'` use the index whatever the
    // collation), an amount exactly, a field value exactly (`fields @> '[{"value": …}]'`).
    index("orders_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    index("orders_send_amount_idx").on(t.sendAmount),
    index("orders_receive_amount_idx").on(t.receiveAmount),
    index("orders_fields_values_idx").using("gin", sql`${t.fields} jsonb_path_ops`),
  ],
);

export const orderActorKinds = ["customer", "operator", "system"] as const;
export type OrderActorKind = (typeof orderActorKinds)[number];

/** Every status change with who made it and when (DESIGN "Orders"): the order's history. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    status: text("status").$type<OrderStatus>().notNull(),
    actorKind: text("actor_kind").$type<OrderActorKind>().notNull(),
    /** Operator or user id as text: the kinds of actor have different id spaces. */
    actorId: text("actor_id"),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_events_status_check", sql`${t.status} in (${statusList})`),
    check(
      "order_events_actor_kind_check",
      sql`${t.actorKind} in ('customer', 'operator', 'system')`,
    ),
    index("order_events_order_idx").on(t.orderId, t.createdAt),
  ],
);

export const reserveHoldStates = ["held", "released", "consumed"] as const;
export type ReserveHoldState = (typeof reserveHoldStates)[number];

/**
 * The part of a receive currency's reserve promised to an open order: taken with the order,
 * released on cancel/expiry, consumed on completion. Available reserve = currencies.reserve −
 * sum(amount) of `held` rows, hence the partial index that covers exactly that sum.
 */
export const reserveHolds = pgTable(
  "reserve_holds",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id),
    amount: decimal("amount").notNull(),
    state: text("state").$type<ReserveHoldState>().notNull().default("held"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reserve_holds_state_check", sql`${t.state} in ('held', 'released', 'consumed')`),
    check("reserve_holds_amount_check", sql`${t.amount} > 0`),
    index("reserve_holds_held_idx").on(t.currencyId, t.amount).where(sql`${t.state} = 'held'`),
  ],
);

/**
 * A payment receipt a customer uploaded (spec §7 `/rest/send-receipt`). The bytes live in the
 * database, not on a replica's disk: every replica can serve them to operators, backups cover
 * them, and at ≤ 10 MB per file (a handful per order) PostgreSQL handles them comfortably.
 */
export const orderReceipts = pgTable(
  "order_receipts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    content: bytea("content").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_receipts_size_check", sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 10485760`),
    check("order_receipts_sha256_check", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    index("order_receipts_order_idx").on(t.orderId),
  ],
);

/** The customer's review of a finished order (spec §7 `/rest/exchange/review`), one per order. */
export const orderReviews = pgTable(
  "order_reviews",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    rating: smallint("rating").notNull(),
    text: text("text"),
    createdAt: createdAt(),
  },
  (t) => [check("order_reviews_rating_check", sql`${t.rating} between 1 and 5`)],
);
