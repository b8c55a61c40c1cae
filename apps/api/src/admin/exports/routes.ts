import { Readable } from "node:stream";
import { OrdersExportQuery } from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { orderCsvLines } from "./order-csv-lines.ts";

/** The business's figures: not the night desk's (decision 062). */
const EXPORTS = ["admin", "operator"] as const;

/** CSV exports for accounting (issue 29), streamed page by page. */
export function registerAdminExportRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/orders/export.csv",
    summary:
      "Orders as CSV (UTF-8, header row, plain decimals, formula cells neutralised), streamed",
    role: EXPORTS,
    query: OrdersExportQuery,
    response: "file",
    handler: async ({ query, reply }) => {
      const name = `orders-${query.from ?? "start"}-${query.to ?? "now"}.csv`;
      await reply
        .type("text/csv; charset=utf-8")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(Readable.from(orderCsvLines({ db: deps.db, ...query })));
      return undefined;
    },
  });
}
