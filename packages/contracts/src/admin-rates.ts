import { z } from "zod";
import { DecimalString } from "./catalogue.ts";
import { dataResponse } from "./response.ts";
import { WholeNumber } from "./whole-number.ts";

const Timestamp = z.string().describe("ISO 8601 date and time, UTC");

/**
 * Automatic rates in the console (issue 27, decision 056). A formula names source quotes:
 * `binance:BTCUSDT`, or a cross rate `binance:BTCUSDT*cbr:USDRUB` (`*` and `/`, at most four).
 */
export const RateFormula = z
  .string()
  .max(200)
  .describe("`source:SYMBOL`, or several joined by * or /, e.g. binance:BTCUSDT*cbr:USDRUB");

/** A markup percent: 0 ≤ p < 100, at most four places. */
export const MarkupPercent = z
  .string()
  .regex(/^\d{1,2}(\.\d{1,4})?$/, "must be a decimal from 0 to less than 100, with a point");

/** A fixed markup: a non-negative decimal with a point (as the console's other amounts). */
export const MarkupFixed = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, "must be a non-negative decimal number written with a point");

/**
 * Holding a position on the BestChange monitor (decision 057): BestChange's ids of the two
 * currencies, the place, the step to beat the competitor by (in the pair's rate unit), the
 * minimum margin in percent, and exchangers not followed.
 */
export const AdminPairMonitorSettings = z.strictObject({
  from: z.number().int().min(1),
  to: z.number().int().min(1),
  position: z.number().int().min(1).max(100),
  step: MarkupFixed.optional(),
  min_margin: MarkupPercent,
  ignored: z.array(z.number().int().min(1)).max(200).default([]),
});

export const AdminPairMonitor = z.object({
  from: z.number().int(),
  to: z.number().int(),
  position: z.number().int(),
  step: DecimalString.nullable(),
  min_margin: DecimalString,
  ignored: z.array(z.number().int()),
  /** The exchanger the current rate beats and its place; null while the markup applies. */
  competitor: z.number().int().nullable(),
  competitor_position: z.number().int().nullable(),
});

/** One quote behind a pair's formula, as stored. */
export const AdminRateQuote = z.object({
  /** `binance:BTCUSDT`. */
  quote: z.string(),
  value: DecimalString,
  fetched_at: Timestamp,
  age_seconds: z.number().int(),
});
export type AdminRateQuote = z.infer<typeof AdminRateQuote>;

/** A pair's automatic rate: its formula, markup, freshness and where it stands. */
export const AdminPairAutomaticRate = z.object({
  rate_source: RateFormula,
  markup_percent: DecimalString,
  markup_fixed: DecimalString.nullable(),
  freshness_seconds: z.number().int(),
  max_jump_percent: DecimalString.nullable(),
  /** Which side the formula fills: `receive` (send_rate is 1) or `send` (receive_rate is 1). */
  side: z.enum(["send", "receive"]),
  /** Until when the current rate is fresh; past it the pair is out of service by itself. */
  fresh_until: Timestamp.nullable(),
  in_service: z.boolean(),
  /** A real rate held back by `max_jump_percent`, waiting for confirmation. */
  held_real_rate: DecimalString.nullable(),
  quotes: z.array(AdminRateQuote),
  monitor: AdminPairMonitor.nullable(),
});
export type AdminPairAutomaticRate = z.infer<typeof AdminPairAutomaticRate>;

export const AdminRateSource = z.object({
  id: z.enum(["binance", "bybit", "cbr", "nbu", "ecb", "manual"]),
  last_good_at: Timestamp.nullable(),
  last_attempt_at: Timestamp.nullable(),
  /** Why the last fetch was refused; null after a good one. */
  last_error: z.string().nullable(),
  quote_count: z.number().int(),
  /** Seconds since the last good fetch; null when there never was one. */
  age_seconds: z.number().int().nullable(),
  /** A bound pair reads it: it is fetched every interval. */
  in_use: z.boolean(),
});
export type AdminRateSource = z.infer<typeof AdminRateSource>;
export const AdminRateSourceListResponse = dataResponse(
  z.object({ items: z.array(AdminRateSource) }),
);

/** What a formula gives before it is saved: for a pair (its side), or for a side named. */
export const AdminRatePreviewRequest = z.strictObject({
  rate_source: RateFormula,
  markup_percent: MarkupPercent.optional(),
  markup_fixed: MarkupFixed.nullable().optional(),
  pair_id: z.number().int().positive().optional(),
  side: z.enum(["send", "receive"]).optional(),
});
export type AdminRatePreviewRequest = z.input<typeof AdminRatePreviewRequest>;

export const AdminRatePreview = z.object({
  rate_source: RateFormula,
  side: z.enum(["send", "receive"]),
  real_rate: DecimalString,
  send_rate: DecimalString,
  receive_rate: DecimalString,
  send_rate_real: DecimalString,
  receive_rate_real: DecimalString,
  quotes: z.array(AdminRateQuote),
});
export type AdminRatePreview = z.infer<typeof AdminRatePreview>;
export const AdminRatePreviewResponse = dataResponse(AdminRatePreview);

export const AdminPairRatePoint = z.object({
  recorded_at: Timestamp,
  send_rate: DecimalString,
  receive_rate: DecimalString,
  send_rate_real: DecimalString,
  receive_rate_real: DecimalString,
});
export const AdminPairRateHistoryResponse = dataResponse(
  z.object({ items: z.array(AdminPairRatePoint) }),
);
export const AdminRateHistoryQuery = z.strictObject({
  hours: WholeNumber.pipe(
    z
      .number()
      .int()
      .min(1)
      .max(24 * 90),
  ).default(24),
});
