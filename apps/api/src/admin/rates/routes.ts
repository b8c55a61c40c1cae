import {
  AdminIdParams,
  AdminPairRateHistoryResponse,
  AdminPairResponse,
  AdminRateHistoryQuery,
  AdminRatePreviewRequest,
  AdminRatePreviewResponse,
  AdminRateSourceListResponse,
} from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { confirmPairRate } from "./confirm-pair-rate.ts";
import { listRateSources } from "./list-rate-sources.ts";
import { loadPairRateHistory } from "./load-pair-rate-history.ts";
import { previewPairRate } from "./preview-pair-rate.ts";

/** Rates move money: operators and admins, as the pairs' own routes. */
const DESK = ["admin", "operator"] as const;

/** Automatic rates in the console (issue 27, decision 056). */
export function registerAdminRateRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/rate-sources",
    summary: "Every rate source with its last good fetch, its quote count and whether pairs use it",
    role: DESK,
    response: AdminRateSourceListResponse,
    handler: async () => ({ items: await listRateSources({ db: deps.db }) }),
  });

  define({
    method: "POST",
    path: "/admin/api/rate-sources/preview",
    summary: "What a rate formula and markup give now, before a pair is bound to them",
    role: DESK,
    body: AdminRatePreviewRequest,
    response: AdminRatePreviewResponse,
    handler: ({ body, request }) =>
      previewPairRate({ db: deps.db, rates: deps.rates, request: body, log: request.log }),
  });

  define({
    method: "POST",
    path: "/admin/api/pairs/{id}/confirm-rate",
    summary: "Accept a real rate held back by the pair's jump bound",
    role: DESK,
    params: AdminIdParams,
    response: AdminPairResponse,
    handler: ({ params, caller, ip }) =>
      confirmPairRate({
        db: deps.db,
        catalogueChanges: deps.catalogueChanges,
        id: params.id,
        actor: { operatorId: caller.operator.id, ip },
      }),
  });

  define({
    method: "GET",
    path: "/admin/api/pairs/{id}/rate-history",
    summary: "A pair's automatic rates over the last hours (24 unless `hours` says otherwise)",
    role: DESK,
    params: AdminIdParams,
    query: AdminRateHistoryQuery,
    response: AdminPairRateHistoryResponse,
    handler: async ({ params, query }) => ({
      items: await loadPairRateHistory({ db: deps.db, id: params.id, hours: query.hours }),
    }),
  });
}
