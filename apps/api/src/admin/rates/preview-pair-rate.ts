import {
  type AdminRatePreview,
  type AdminRatePreviewRequest,
  AppError,
  ErrorCode,
} from "@obmen/contracts";
import { currencyPairs, type Database, rateQuotesLatest } from "@obmen/db";
import {
  evaluateRateFormula,
  formatRateFormula,
  pairRatesFor,
  parseRateFormula,
  quoteKey,
  type RateSide,
} from "@obmen/domain";
import type { MessageKey } from "@obmen/i18n";
import { eq, inArray, sql } from "drizzle-orm";
import { rateSideOf } from "../../rates/apply-pair-rates.ts";
import type { RateJobOptions } from "../../rates/rate-jobs.ts";
import { type RateLog, refreshRateSource } from "../../rates/refresh-rate-source.ts";
import { RATE_SOURCE_ADAPTERS } from "../../rates/sources/index.ts";

/**
 * `POST /admin/api/rate-sources/preview`: what a formula and markup give now, before the pair
 * is saved (issue 27 point 2). A source with no quotes yet is fetched first (sources are only
 * fetched for bound pairs), once per interval whoever asks.
 */
export async function previewPairRate(options: {
  db: Database;
  rates: RateJobOptions | null;
  request: AdminRatePreviewRequest;
  log: RateLog;
}): Promise<AdminRatePreview> {
  const { db, request } = options;
  const terms = parseRateFormula(request.rate_source);
  if (!terms) throw fieldError("rate_source", "RateAdmin.Errors.BadFormula");
  let side: RateSide = request.side ?? "receive";
  if (request.pair_id !== undefined) {
    const [pair] = await db
      .select()
      .from(currencyPairs)
      .where(eq(currencyPairs.id, request.pair_id));
    if (!pair) throw new AppError(ErrorCode.NOT_FOUND);
    side = request.side ?? rateSideOf(pair);
  }
  let quotes = await loadQuotes(db, terms.map(quoteKey));
  const missingSources = new Set(
    terms.filter((term) => !quotes.has(quoteKey(term))).map((term) => term.source),
  );
  if (missingSources.size > 0 && options.rates) {
    for (const adapter of RATE_SOURCE_ADAPTERS.filter((item) => missingSources.has(item.id))) {
      await refreshRateSource({
        db,
        adapter,
        baseUrl: options.rates.urls[adapter.id],
        intervalSeconds: options.rates.refreshSeconds,
        maxJumpPercent: options.rates.maxJumpPercent,
        log: options.log,
        timeoutMs: options.rates.timeoutMs,
      });
    }
    quotes = await loadQuotes(db, terms.map(quoteKey));
  }
  const missing = terms.find((term) => !quotes.has(quoteKey(term)));
  if (missing) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: {
        rate_source: { key: "RateAdmin.Errors.NoQuote", values: { quote: quoteKey(missing) } },
      },
    });
  }
  const values = new Map([...quotes].map(([key, row]) => [key, row.value]));
  const real = evaluateRateFormula(terms, values);
  if (real === null) throw fieldError("rate_source", "RateAdmin.Errors.BadFormula");
  const rates = pairRatesFor({
    real,
    side,
    markup: { percent: request.markup_percent ?? "0", fixed: request.markup_fixed },
  });
  if (!rates) throw fieldError("markup_fixed", "RateAdmin.Errors.NothingLeft");
  const now = Date.now();
  return {
    rate_source: formatRateFormula(terms),
    side,
    real_rate: real,
    ...rates,
    quotes: terms.map((term) => {
      const row = quotes.get(quoteKey(term))!;
      return {
        quote: quoteKey(term),
        value: row.value,
        fetched_at: row.fetchedAt.toISOString(),
        age_seconds: Math.max(0, Math.floor((now - row.fetchedAt.getTime()) / 1000)),
      };
    }),
  };
}

async function loadQuotes(db: Database, keys: string[]) {
  const rows = await db
    .select()
    .from(rateQuotesLatest)
    .where(inArray(sql`${rateQuotesLatest.source} || ':' || ${rateQuotesLatest.symbol}`, keys));
  return new Map(rows.map((row) => [`${row.source}:${row.symbol}`, row]));
}

function fieldError(field: string, key: MessageKey) {
  return new AppError(ErrorCode.VALIDATION_FAILED, { fields: { [field]: { key } } });
}
