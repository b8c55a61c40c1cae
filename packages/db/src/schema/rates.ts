import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { currencyPairs } from "./catalogue.ts";
import { decimal } from "./columns.ts";

/**
 * Each rate source's state (issue 27, decision 056). `last_attempt_at` is also the claim: a
 * replica fetches a source only by moving it forward a full interval in one UPDATE, so any
 * number of replicas fetch each source once per interval.
 */
export const rateSources = pgTable("rate_sources", {
  id: text("id").primaryKey(),
  /** Seconds between fetches; null: `RATES_REFRESH_SECONDS`. */
  intervalSeconds: integer("interval_seconds"),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  lastGoodAt: timestamp("last_good_at", { withTimezone: true }),
  /** Why the last fetch was refused; cleared by a good one. */
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  quoteCount: integer("quote_count").notNull().default(0),
  /** When a silent-source alert was last written, so one silence alerts once. */
  silentAlertedAt: timestamp("silent_alerted_at", { withTimezone: true }),
});

/**
 * The last good quote of every symbol a source publishes (Binance's ~2000 included), replaced
 * on each good fetch. A value that jumped beyond `RATES_MAX_JUMP_PERCENT` waits in
 * `suspect_value` until the next fetch confirms it; the good one keeps its value and age.
 */
export const rateQuotesLatest = pgTable(
  "rate_quotes_latest",
  {
    source: text("source").notNull(),
    symbol: text("symbol").notNull(),
    value: decimal("value").notNull(),
    bid: decimal("bid"),
    ask: decimal("ask"),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
    suspectValue: decimal("suspect_value"),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.symbol] }),
    check("rate_quotes_latest_value_check", sql`${t.value} > 0`),
  ],
);

/**
 * Quotes as a time series, for the symbols bound pairs use (all of Binance every 30 s would be
 * millions of rows a day for nothing). One row per source, symbol and good fetch.
 */
export const rateQuotes = pgTable(
  "rate_quotes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    source: text("source").notNull(),
    symbol: text("symbol").notNull(),
    value: decimal("value").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_quotes_symbol_time_idx").on(t.source, t.symbol, t.fetchedAt)],
);

/** A pair's applied and real rate each time it changed automatically: its chart and sparkline. */
export const pairRateHistory = pgTable(
  "pair_rate_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    pairId: integer("pair_id")
      .notNull()
      .references(() => currencyPairs.id, { onDelete: "cascade" }),
    sendRate: decimal("send_rate").notNull(),
    receiveRate: decimal("receive_rate").notNull(),
    sendRateReal: decimal("send_rate_real").notNull(),
    receiveRateReal: decimal("receive_rate_real").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pair_rate_history_pair_time_idx").on(t.pairId, t.recordedAt)],
);

/**
 * The monitor's offers per followed direction (`93-42`, BestChange's ids), replaced on each
 * good fetch: what `apply-pair-rates.ts` holds a position against (decision 057).
 */
export const monitorOffers = pgTable(
  "monitor_offers",
  {
    direction: text("direction").notNull(),
    changer: integer("changer").notNull(),
    rate: decimal("rate").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.direction, t.changer] })],
);
