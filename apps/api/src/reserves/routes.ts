import { ReserveListRequest, ReserveListResponse } from "@obmen/contracts";
import type { ApiRoutes } from "../api-routes.ts";
import { SerializedData } from "../http/signed-route.ts";
import { loadReserveList } from "./load-reserve-list.ts";
import { createReserveListCache } from "./reserve-list-cache.ts";

/** `/rest/reserve/list`: what the exchange can pay out per currency (the `/reserve` page). */
export function registerReserveRoutes({ define, deps }: ApiRoutes) {
  const cache = createReserveListCache({
    load: () => loadReserveList({ db: deps.db }),
    changes: deps.catalogueChanges,
  });
  define({
    path: "/rest/reserve/list",
    methods: ["GET", "POST"],
    summary: "Available reserve of every currency an active pair pays out",
    payload: ReserveListRequest,
    response: ReserveListResponse,
    handler: async () => new SerializedData(await cache.get()),
  });
}
