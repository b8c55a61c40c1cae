import { z } from "zod";
import { DecimalString } from "./catalogue.ts";
import { dataResponse } from "./response.ts";
import { RowId } from "./whole-number.ts";

/**
 * `/rest/currency_pair/rate_history` (issue 27 point 4): an active pair's applied rate over the
 * last 24 hours, at most one point per half hour (the last of it), for the exchange page's
 * sparkline. Empty for a pair whose rates are typed by hand and never changed automatically.
 */
export const PairRateHistoryRequest = z.strictObject({
  currency_pairs_in_service_id: RowId,
});

export const PairRatePoint = z.object({
  at: z.string().describe("ISO 8601 date and time, UTC"),
  send_rate: DecimalString,
  receive_rate: DecimalString,
});
export type PairRatePoint = z.infer<typeof PairRatePoint>;

export const PairRateHistoryResponse = dataResponse(z.object({ points: z.array(PairRatePoint) }));
