import { LOCALES, type Locale, ReserveListRequest, ReserveListResponse } from "@obmen/contracts";
import type { ApiRoutes } from "../api-routes.ts";
import { createChangeDroppedValue } from "../catalogue/change-dropped-value.ts";
import { SerializedData } from "../http/signed-route.ts";
import { loadReserveList } from "./load-reserve-list.ts";

/** `/rest/reserve/list`: what the exchange can pay out per currency (the `/reserve` page). */
export function registerReserveRoutes({ define, deps }: ApiRoutes) {
  // Serialized once per catalogue change (holds taken or released publish one too), per
  // language: payment systems have a name in each.
  const caches = new Map(
    LOCALES.map((lang: Locale) => [
      lang,
      createChangeDroppedValue({
        build: async () =>
          new SerializedData(JSON.stringify(await loadReserveList({ db: deps.db, lang }))),
        changes: deps.catalogueChanges,
      }),
    ]),
  );
  define({
    path: "/rest/reserve/list",
    methods: ["GET", "POST"],
    summary: "Available reserve of every currency an active pair pays out",
    payload: ReserveListRequest,
    response: ReserveListResponse,
    handler: ({ lang }) => caches.get(lang)!.get(),
  });
}
