import { z } from "zod";
import { Currency, CurrencyDecimals, DecimalString } from "./catalogue.ts";
import { dataResponse } from "./response.ts";

/**
 * A currency on the reserves page: the catalogue's own currency fields (one schema per shape,
 * so the page can reuse the calculator's currency badge), without the per-pair limits.
 */
export const ReserveCurrency = Currency.pick({
  id: true,
  url_xml: true,
  currency_code: true,
  pay_system: true,
  kind: true,
});
export type ReserveCurrency = z.infer<typeof ReserveCurrency>;

/** What the exchange can pay out in one currency right now. */
export const ReserveEntry = z.object({
  currency: ReserveCurrency,
  /** Available reserve: declared minus what open orders hold, rounded down to `decimal`. */
  reserve: DecimalString,
  decimal: CurrencyDecimals,
});
export type ReserveEntry = z.infer<typeof ReserveEntry>;

/** `/rest/reserve/list` takes no payload (spec §7 lists no body, §6: no user token either). */
export const ReserveListRequest = z.strictObject({});

/** Active currencies that some active pair pays out, by kind (crypto, bank, e-wallet), then sort order. */
export const ReserveListResponse = dataResponse(z.array(ReserveEntry));
