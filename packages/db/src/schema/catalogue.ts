import {
  FORMAT_FIELD_TYPE,
  ORDER_FIELD_FORMATS,
  ORDER_FIELD_TYPES,
  type OrderFieldFormat,
  type OrderFieldType,
} from "@obmen/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, decimal, updatedAt } from "./columns.ts";

/** A brand/network a currency moves through (Sberbank, Tether TRC20, …): spec §3 `pay_system`. */
export const paySystems = pgTable("pay_systems", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  /** The operator's name for it, unique; shown wherever a language has no name of its own. */
  name: text("name").notNull().unique(),
  /**
   * The name as customers read it in each language ("Сбербанк", "ПриватБанк", "monobank"); null
   * where it is `name` as is, as most brands are (Bitcoin, Payeer). The API answers in the
   * request's language (apps/api/src/catalogue/pay-system-name.ts); the wire keeps one
   * `pay_system.name`.
   */
  nameRu: text("name_ru"),
  nameEn: text("name_en"),
  nameUk: text("name_uk"),
  /** Public path served by the web tier, e.g. `/icons/btc.svg`. */
  icon: text("icon").notNull(),
  /** `TRC20`, `ERC20`, `BTC`…; null for banks and e-wallets. */
  networkCode: text("network_code"),
});

export const currencyKinds = ["crypto", "bank", "ewallet"] as const;
export type CurrencyKind = (typeof currencyKinds)[number];

/** A currency the exchange serves, with the operator's reserve and own limits (spec §3 `Currency`). */
export const currencies = pgTable(
  "currencies",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    paySystemId: integer("pay_system_id")
      .notNull()
      .references(() => paySystems.id),
    currencyCode: text("currency_code").notNull(),
    /** BestChange code (`BTC`, `USDTTRC20`, `SBERRUB`); also the URL slug, so it is unique. */
    urlXml: text("url_xml").notNull().unique(),
    kind: text("kind").$type<CurrencyKind>().notNull(),
    decimals: integer("decimals").notNull().default(2),
    /** Operator-declared reserve; what is available = reserve − held (`currency_held`). */
    reserve: decimal("reserve").notNull().default("0"),
    reserveName: text("reserve_name").notNull(),
    /**
     * The console warns (dashboard, operator alerts) when what is available (reserve − held)
     * falls below this; null: no warning for this currency (decision 038).
     */
    reserveWarning: decimal("reserve_warning"),
    /** The currency's own `send_limit`, used when a pair sets no limit (DESIGN "Limits"). */
    sendMin: decimal("send_min"),
    sendMax: decimal("send_max"),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /**
     * Where customers pay this currency in: the exchange's wallet address, card number, SBP
     * phone or e-wallet account, shown on the order page with a copy button (and a QR code for
     * crypto). Null means the operator sends details by hand (the order page says so).
     */
    paymentTarget: text("payment_target"),
    /** Recipient shown next to the target (card holder, wallet name, memo/tag instructions). */
    paymentHolder: text("payment_holder"),
    /**
     * The placeholder target the demo seed wrote (seed/demo-payment-targets.ts); null outside
     * the demo. Kept so that the page and the letters can warn "demo, do not pay" for as long
     * as the target is still that placeholder (docs/decisions/018-demo-data.md).
     */
    demoPaymentTarget: text("demo_payment_target"),
    /**
     * The target is still the demo's placeholder. Computed by the database, so an operator who
     * replaces the target (console or plain SQL) makes it real without a second step to forget.
     */
    paymentTargetDemo: boolean("payment_target_demo")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(payment_target = demo_payment_target, false)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("currencies_kind_check", sql`${t.kind} in ('crypto', 'bank', 'ewallet')`),
    check("currencies_decimals_check", sql`${t.decimals} between 0 and 18`),
    check("currencies_url_xml_check", sql`${t.urlXml} ~ '^[A-Z0-9]+$'`),
    check("currencies_reserve_check", sql`${t.reserve} >= 0`),
    check("currencies_reserve_warning_check", sql`${t.reserveWarning} >= 0`),
    check(
      "currencies_send_limit_check",
      sql`${t.sendMin} is null or ${t.sendMax} is null or ${t.sendMin} <= ${t.sendMax}`,
    ),
  ],
);

/**
 * The sum of a currency's open (`held`) reserve holds, kept by a trigger on `reserve_holds`
 * (migrations 0003 and 0007); never written by the app. A row appears with the currency's
 * first hold: no row means nothing held. A new order's hold is checked against
 * `reserve − held` with the currency's row locked, in O(1) however many orders are open.
 * Its own narrow table rather than a column of `currencies`: the trigger's update then writes
 * a small row and checks one constraint, not the currency's six (docs/performance.md).
 */
export const currencyHeld = pgTable(
  "currency_held",
  {
    currencyId: integer("currency_id")
      .primaryKey()
      .references(() => currencies.id, { onDelete: "cascade" }),
    held: decimal("held").notNull().default("0"),
  },
  (t) => [check("currency_held_held_check", sql`${t.held} >= 0`)],
);

/**
 * "Currencies in service pairs": a direction the exchange offers, with its rate and limits. The
 * id is the spec's `currency_pairs_in_service_id`. One of send_rate/receive_rate is 1
 * (DESIGN "Domain rules"): `send_rate` units of the send currency buy `receive_rate` units of
 * the receive currency.
 */
export const currencyPairs = pgTable(
  "currency_pairs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    sendCurrencyId: integer("send_currency_id")
      .notNull()
      .references(() => currencies.id),
    receiveCurrencyId: integer("receive_currency_id")
      .notNull()
      .references(() => currencies.id),
    sendRate: decimal("send_rate").notNull(),
    receiveRate: decimal("receive_rate").notNull(),
    /** Market rate before the operator's markup: for operators, profit and affiliate rewards. */
    sendRateReal: decimal("send_rate_real").notNull(),
    receiveRateReal: decimal("receive_rate_real").notNull(),
    /** Fixed fee in the receive currency (e.g. the payout's network fee); spec spelling. */
    comissionAmount: decimal("comission_amount").notNull().default("0"),
    minSendSum: decimal("min_send_sum"),
    maxSendSum: decimal("max_send_sum"),
    minReceiveSum: decimal("min_receive_sum"),
    maxReceiveSum: decimal("max_receive_sum"),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /**
     * Automatic rates (issue 27, decision 056): the formula (`binance:BTCUSDT*cbr:USDRUB`); null
     * means the operator types the rates. The formula fills the side that is not 1.
     */
    rateSource: text("rate_source"),
    /** Percent the customer gets less than the real rate, in either direction. */
    markupPercent: decimal("markup_percent"),
    /** Taken on top, in the units of the formula's rate. */
    markupFixed: decimal("markup_fixed"),
    /** A quote older than this takes the pair out of service until a fresh one arrives. */
    freshnessSeconds: integer("freshness_seconds"),
    /**
     * Until when the current automatic rate is fresh (its oldest quote's time + freshness):
     * past it the pair is out of service (pair list, create_order, rates export) by itself.
     * Null for manual rates.
     */
    rateFreshUntil: timestamp("rate_fresh_until", { withTimezone: true }),
    /** Issue 27 point 6: a real rate moving more than this percent waits for confirmation. */
    maxJumpPercent: decimal("max_jump_percent"),
    /** The real rate held back by that bound, and how many fetches in a row gave it. */
    heldRealRate: decimal("held_real_rate"),
    heldCount: integer("held_count").notNull().default(0),
    /**
     * Position on the monitor (issue 27 point 5, decision 057): BestChange's ids of the two
     * currencies, the place to hold, the step to beat the competitor by, the minimum margin
     * (percent) below which the rate never goes, and exchangers (BestChange ids) not followed.
     * Null `monitor_position`: the fixed markup applies.
     */
    monitorFrom: integer("monitor_from"),
    monitorTo: integer("monitor_to"),
    monitorPosition: integer("monitor_position"),
    monitorStep: decimal("monitor_step"),
    monitorMinMargin: decimal("monitor_min_margin"),
    monitorIgnored: integer("monitor_ignored").array(),
    /** Whom the current rate beats, and at which place (null: the markup applied). */
    monitorCompetitor: integer("monitor_competitor"),
    monitorCompetitorPosition: integer("monitor_competitor_position"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("currency_pairs_direction_unique").on(t.sendCurrencyId, t.receiveCurrencyId),
    index("currency_pairs_receive_currency_idx").on(t.receiveCurrencyId),
    check("currency_pairs_distinct_check", sql`${t.sendCurrencyId} <> ${t.receiveCurrencyId}`),
    check(
      "currency_pairs_rate_check",
      sql`${t.sendRate} > 0 and ${t.receiveRate} > 0 and (${t.sendRate} = 1 or ${t.receiveRate} = 1)`,
    ),
    check(
      "currency_pairs_real_rate_check",
      sql`${t.sendRateReal} > 0 and ${t.receiveRateReal} > 0`,
    ),
    check("currency_pairs_comission_check", sql`${t.comissionAmount} >= 0`),
    check(
      "currency_pairs_markup_check",
      sql`${t.markupPercent} >= 0 and ${t.markupPercent} < 100 and ${t.markupFixed} >= 0`,
    ),
    check("currency_pairs_freshness_check", sql`${t.freshnessSeconds} > 0`),
    check("currency_pairs_max_jump_check", sql`${t.maxJumpPercent} > 0`),
    index("currency_pairs_rate_source_idx")
      .on(t.rateSource)
      .where(sql`${t.rateSource} is not null`),
  ],
);

export const orderFieldTypes = ORDER_FIELD_TYPES;
export type { OrderFieldFormat, OrderFieldType };

// Each format with the one type it narrows, as SQL: `(format = 'iban' and type = 'text') or …`.
const FORMAT_MATCHES_TYPE = sql.raw(
  ORDER_FIELD_FORMATS.map(
    (format) => `(format = '${format}' and type = '${FORMAT_FIELD_TYPE[format]}')`,
  ).join(" or "),
);

export const orderFieldSides = ["send", "receive"] as const;
export type OrderFieldSide = (typeof orderFieldSides)[number];

/**
 * What a customer fills in for a currency on one side of an order. A pair's fields are its send
 * currency's `send` fields followed by its receive currency's `receive` fields. Keys start with
 * their side (`send_card_number`, `receive_card_number`) so the two halves can never collide in
 * one create's `fields` list or its `fields.<key>` errors, whatever pairs an operator adds.
 */
export const currencyFields = pgTable(
  "currency_fields",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id, { onDelete: "cascade" }),
    side: text("side").$type<OrderFieldSide>().notNull(),
    key: text("key").notNull(),
    type: text("type").$type<OrderFieldType>().notNull(),
    /** For `crypto_address`: whose address rules apply (`BTC`, `ETH`, `TRX`, `TON`, …). */
    network: text("network"),
    /** A payment system's account format narrowing the type (decision 025). */
    format: text("format").$type<OrderFieldFormat>(),
    labelRu: text("label_ru").notNull(),
    labelEn: text("label_en").notNull(),
    labelUk: text("label_uk").notNull(),
    required: boolean("required").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    unique("currency_fields_key_unique").on(t.currencyId, t.side, t.key),
    check("currency_fields_side_check", sql`${t.side} in ('send', 'receive')`),
    check("currency_fields_key_check", sql`${t.key} ~ ('^' || ${t.side} || '_[a-z0-9_]+$')`),
    check(
      "currency_fields_type_check",
      sql`${t.type} in ('crypto_address', 'card_number', 'phone', 'full_name', 'email', 'text')`,
    ),
    check(
      "currency_fields_network_check",
      sql`(${t.type} = 'crypto_address') = (${t.network} is not null)`,
    ),
    check("currency_fields_format_check", sql`${t.format} is null or ${FORMAT_MATCHES_TYPE}`),
  ],
);
