import { currencyPairs, pairRateHistory, rateQuotesLatest, type Transaction } from "@obmen/db";
import {
  evaluateRateFormula,
  followMonitor,
  isRateJump,
  type PairRates,
  pairRatesFor,
  parseRateFormula,
  quoteKey,
  type RateSide,
  toDecimal,
} from "@obmen/domain";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { loadMonitorOffers } from "./monitor/load-monitor-offers.ts";

type PairRow = typeof currencyPairs.$inferSelect;

export interface PairRateOutcome {
  pairId: number;
  outcome: "applied" | "unchanged" | "held" | "missing_quote" | "bad_markup";
  /** For `held`: the real rate now, and the one kept (issue 27 point 6). */
  held?: { from: string; to: string };
}

/** How many fetches in a row must give a jumped real rate before it is applied. */
export const JUMP_CONFIRMATIONS = 2;

/**
 * Recomputes every pair bound to a formula (all, or those reading `sources`), in the caller's
 * transaction with the pairs locked: the real rate from the last good quotes, the applied rate
 * with the pair's markup, and `rate_fresh_until` from the oldest quote behind it (an operator's
 * `manual` quote never ages). A real rate that moved more than the pair's `max_jump_percent`
 * is held (the pair keeps its rate) until `JUMP_CONFIRMATIONS` fetches in a row agree, or an
 * operator confirms it (`confirm: true`). Each change is a `pair_rate_history` row.
 */
export async function applyPairRates(options: {
  tx: Transaction;
  sources?: readonly string[];
  pairIds?: readonly number[];
  /** An operator accepts a held jump. */
  confirm?: boolean;
}): Promise<PairRateOutcome[]> {
  const { tx } = options;
  const pairs = await tx
    .select()
    .from(currencyPairs)
    .where(
      and(
        isNotNull(currencyPairs.rateSource),
        options.pairIds ? inArray(currencyPairs.id, [...options.pairIds]) : undefined,
      ),
    )
    .orderBy(currencyPairs.id)
    .for("update");
  const bound = pairs
    .map((pair) => ({ pair, terms: parseRateFormula(pair.rateSource ?? "") }))
    .filter(
      ({ terms }) =>
        terms !== null &&
        (!options.sources || terms.some((term) => options.sources!.includes(term.source))),
    );
  if (bound.length === 0) return [];
  const keys = [...new Set(bound.flatMap(({ terms }) => terms!.map(quoteKey)))];
  const quoteRows = await tx
    .select()
    .from(rateQuotesLatest)
    .where(inArray(sql`${rateQuotesLatest.source} || ':' || ${rateQuotesLatest.symbol}`, keys));
  const quotes = new Map(quoteRows.map((row) => [`${row.source}:${row.symbol}`, row]));
  const values = new Map(quoteRows.map((row) => [`${row.source}:${row.symbol}`, row.value]));
  const monitorOffers = await loadMonitorOffers(
    tx,
    bound.flatMap(({ pair }) => (monitorDirection(pair) ? [monitorDirection(pair)!] : [])),
  );

  const outcomes: PairRateOutcome[] = [];
  for (const { pair, terms } of bound) {
    const real = evaluateRateFormula(terms!, values);
    if (real === null) {
      outcomes.push({ pairId: pair.id, outcome: "missing_quote" });
      continue;
    }
    const side = rateSideOf(pair);
    const currentReal = side === "receive" ? pair.receiveRateReal : pair.sendRateReal;
    const bound = pair.maxJumpPercent;
    if (bound !== null && isRateJump({ previous: currentReal, next: real, boundPercent: bound })) {
      const sameJump =
        pair.heldRealRate !== null &&
        !isRateJump({ previous: pair.heldRealRate, next: real, boundPercent: bound });
      const count = sameJump ? pair.heldCount + 1 : 1;
      if (!options.confirm && count < JUMP_CONFIRMATIONS) {
        await tx
          .update(currencyPairs)
          .set({ heldRealRate: real, heldCount: count })
          .where(eq(currencyPairs.id, pair.id));
        outcomes.push({ pairId: pair.id, outcome: "held", held: { from: currentReal, to: real } });
        continue;
      }
    }
    const withMarkup = pairRatesFor({
      real,
      side,
      markup: { percent: pair.markupPercent ?? "0", fixed: pair.markupFixed },
    });
    if (withMarkup === null) {
      outcomes.push({ pairId: pair.id, outcome: "bad_markup" });
      continue;
    }
    const { rates, competitor } = holdMonitorPosition(pair, {
      real,
      side,
      withMarkup,
      offers: monitorOffers.get(monitorDirection(pair) ?? "") ?? [],
    });
    const oldest = Math.min(
      ...terms!
        .filter((term) => term.source !== "manual")
        .map((term) => quotes.get(quoteKey(term))!.fetchedAt.getTime()),
    );
    const freshUntil = Number.isFinite(oldest)
      ? new Date(oldest + (pair.freshnessSeconds ?? 0) * 1000)
      : null;
    const changed =
      !toDecimal(rates.send_rate).eq(pair.sendRate) ||
      !toDecimal(rates.receive_rate).eq(pair.receiveRate) ||
      !toDecimal(rates.send_rate_real).eq(pair.sendRateReal) ||
      !toDecimal(rates.receive_rate_real).eq(pair.receiveRateReal);
    const cameBack =
      pair.rateFreshUntil !== null && freshUntil !== null && pair.rateFreshUntil < new Date();
    await tx
      .update(currencyPairs)
      .set({
        sendRate: rates.send_rate,
        receiveRate: rates.receive_rate,
        sendRateReal: rates.send_rate_real,
        receiveRateReal: rates.receive_rate_real,
        // A manual-only formula never ages: far in the future rather than null, so the pair
        // still reads as automatic.
        rateFreshUntil: freshUntil ?? new Date("9999-12-31T00:00:00Z"),
        heldRealRate: null,
        heldCount: 0,
        monitorCompetitor: competitor?.changer ?? null,
        monitorCompetitorPosition: competitor?.position ?? null,
        // Unchanged rates keep their time: it is the rates export's Last-Modified.
        updatedAt: changed ? new Date() : pair.updatedAt,
      })
      .where(eq(currencyPairs.id, pair.id));
    if (changed) {
      await tx.insert(pairRateHistory).values({
        pairId: pair.id,
        sendRate: rates.send_rate,
        receiveRate: rates.receive_rate,
        sendRateReal: rates.send_rate_real,
        receiveRateReal: rates.receive_rate_real,
      });
    }
    outcomes.push({ pairId: pair.id, outcome: changed || cameBack ? "applied" : "unchanged" });
  }
  return outcomes;
}

/**
 * The side a formula fills, from the pair's presentation (DESIGN.md "Domain rules", decision
 * 056): `receive` when one unit sent is quoted (`send_rate` 1), `send` when the pair is shown
 * inverted (`receive_rate` 1 and `send_rate` not).
 */
export function rateSideOf(pair: Pick<PairRow, "sendRate" | "receiveRate">): RateSide {
  return toDecimal(pair.receiveRate).eq(1) && !toDecimal(pair.sendRate).eq(1) ? "send" : "receive";
}

/** BestChange's `<from>-<to>` of a pair that holds a position, or null. */
function monitorDirection(pair: PairRow): string | null {
  if (pair.monitorPosition === null || pair.monitorFrom === null || pair.monitorTo === null) {
    return null;
  }
  return `${pair.monitorFrom}-${pair.monitorTo}`;
}

/**
 * The pair's rates when it holds a position on the monitor (decision 057): the competition's
 * rate at its place, clamped between the rate with the full markup (worst for the customer) and
 * the rate with the minimum margin (best). Without fresh offers, or not following, the markup.
 */
function holdMonitorPosition(
  pair: PairRow,
  options: {
    real: string;
    side: RateSide;
    withMarkup: PairRates;
    offers: { changer: number; rate: string; fetchedAt: Date }[];
  },
): { rates: PairRates; competitor: { changer: number; position: number } | null } {
  const { side, withMarkup } = options;
  const freshSince = Date.now() - (pair.freshnessSeconds ?? 0) * 1000;
  const offers = options.offers.filter((offer) => offer.fetchedAt.getTime() >= freshSince);
  const withMargin = pairRatesFor({
    real: options.real,
    side,
    markup: { percent: pair.monitorMinMargin ?? "0" },
  });
  if (pair.monitorPosition === null || offers.length === 0 || withMargin === null) {
    return { rates: withMarkup, competitor: null };
  }
  const key = side === "receive" ? "receive_rate" : "send_rate";
  const held = followMonitor({
    offers,
    ownChanger: null,
    ignored: new Set(pair.monitorIgnored ?? []),
    position: pair.monitorPosition,
    step: pair.monitorStep ?? DEFAULT_MONITOR_STEP,
    side,
    worst: withMarkup[key],
    best: withMargin[key],
  });
  return {
    rates: { ...withMarkup, [key]: held.rate },
    competitor:
      held.competitor === null
        ? null
        : { changer: held.competitor, position: held.competitorPosition! },
  };
}

/** How far the pair beats its competitor when the operator set no step. */
const DEFAULT_MONITOR_STEP = "0.01";
