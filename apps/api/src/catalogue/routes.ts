import {
  AppError,
  CurrencyPairListResponse,
  CurrencyPairRequest,
  CurrencyPairResponse,
  ErrorCode,
  PairRateHistoryRequest,
  PairRateHistoryResponse,
} from "@obmen/contracts";
import { z } from "zod";
import type { ApiRoutes } from "../api-routes.ts";
import { loadPublicRateHistory } from "../rates/load-public-rate-history.ts";

/** Spec §7: `/rest/currency_pair/list` and `/rest/currency_pair`, served from the pair cache. */
export function registerCatalogueRoutes({ define, deps }: ApiRoutes) {
  define({
    path: "/rest/currency_pair/list",
    methods: ["GET", "POST"],
    summary: "All active currency pairs with rates, reserves, limits and order fields",
    payload: z.strictObject({}),
    response: CurrencyPairListResponse,
    handler: async ({ lang }) => (await deps.pairCache.get(lang)).response,
  });

  define({
    path: "/rest/currency_pair",
    methods: ["GET", "POST"],
    summary: "One active currency pair by its currency_pairs_in_service_id",
    payload: CurrencyPairRequest,
    response: CurrencyPairResponse,
    handler: async ({ payload, lang }) => {
      const pair = (await deps.pairCache.get(lang)).byId.get(payload.currency_pairs_in_service_id);
      if (!pair) throw new AppError(ErrorCode.NOT_FOUND);
      return pair;
    },
  });

  define({
    path: "/rest/currency_pair/rate_history",
    methods: ["GET", "POST"],
    summary:
      "An active pair's applied rate over the last 24 hours (at most one point per half hour)",
    payload: PairRateHistoryRequest,
    response: PairRateHistoryResponse,
    handler: async ({ payload, lang }) => {
      const id = payload.currency_pairs_in_service_id;
      if (!(await deps.pairCache.get(lang)).byId.has(id)) throw new AppError(ErrorCode.NOT_FOUND);
      return { points: await loadPublicRateHistory({ db: deps.db, pairId: id }) };
    },
  });
}
