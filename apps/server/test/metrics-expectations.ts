import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { RunningServer } from "../src/start-server.ts";
import {
  ADMIN,
  consoleCall,
  demoPair,
  orderForm,
  sample,
  scrape,
  signedCall,
} from "./metrics-kit.ts";

/** The names every scrape declares, on either engine (decision 031). */
export const EXPECTED_NAMES = [
  "obmen_http_requests_total",
  "obmen_http_request_duration_seconds",
  "obmen_http_server_errors_total",
  "nodejs_eventloop_lag_seconds",
  "nodejs_eventloop_lag_p99_seconds",
  "process_resident_memory_bytes",
  "nodejs_heap_size_used_bytes",
  "obmen_db_info",
  "obmen_db_scrape_success",
  "obmen_orders",
  "obmen_orders_created_total",
  "obmen_orders_completed_total",
  "obmen_reserve_available",
  "obmen_reserve_declared",
  "obmen_outbox_pending",
  "obmen_outbox_oldest_pending_age_seconds",
  "obmen_jobs_queued",
  "obmen_rate_source_age_seconds",
];

/**
 * An order from creation to completion through the public API and the console, scraping as it
 * moves: the business gauges follow it, the reserve moves, and route labels stay patterns.
 * `scrapeFrom` may be another replica than `server`: the figures are the database's.
 */
export async function expectGaugesToFollowAnOrder(server: RunningServer, scrapeFrom = server) {
  const metricsUrl = scrapeFrom.metricsUrl!;
  const pair = await demoPair(server.url);
  const before = (await scrape(metricsUrl)).samples;
  expect(sample(before, "obmen_db_scrape_success")).toBe(1);

  const created = await signedCall(server.url, "/rest/exchange/create", orderForm(pair));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const uuid: string = created.body.data.exchange_uuid;
  const info = await signedCall(server.url, "/rest/exchange/info", { exchange_uuid: uuid });
  const receiveAmount = Number(info.body.data.receive_amount);
  expect(receiveAmount).toBeGreaterThan(0);
  const afterCreate = (await scrape(metricsUrl)).samples;
  const moved = (samples: Map<string, number>, key: string) =>
    sample(samples, key) - sample(before, key);
  expect(moved(afterCreate, 'obmen_orders{status="new"}')).toBe(1);
  expect(moved(afterCreate, "obmen_orders_created_total")).toBe(1);
  expect(moved(afterCreate, 'obmen_reserve_available{currency="SBERRUB"}')).toBeCloseTo(
    -receiveAmount,
    2,
  );
  // The order's letter cannot leave (the SMTP server refuses): it waits in the outbox.
  expect(sample(afterCreate, "obmen_outbox_pending")).toBeGreaterThanOrEqual(1);
  expect(sample(afterCreate, "obmen_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0);
  expect(
    sample(afterCreate, 'obmen_jobs_queued{queue="order-expire-sweep"}'),
  ).toBeGreaterThanOrEqual(0);

  const paid = await signedCall(server.url, "/rest/exchange/update", {
    exchange_uuid: uuid,
    exchange_status: "paid",
    creator_key: created.body.data.creator_key,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const afterPaid = (await scrape(metricsUrl)).samples;
  expect(moved(afterPaid, 'obmen_orders{status="new"}')).toBe(0);
  expect(moved(afterPaid, 'obmen_orders{status="paid"}')).toBe(1);

  const login = await consoleCall(server.url, "POST", "/admin/api/login", { body: ADMIN });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const cookie = login.cookie!;
  for (const body of [
    { status: "processing" },
    { status: "completed", payout_reference: "SBP-77812" },
  ]) {
    const changed = await consoleCall(server.url, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  }
  expect(
    (await consoleCall(server.url, "GET", `/admin/api/orders/${uuid}`, { cookie })).status,
  ).toBe(200);

  const { samples: afterCompleted, text } = await scrape(metricsUrl);
  expect(moved(afterCompleted, 'obmen_orders{status="paid"}')).toBe(0);
  expect(moved(afterCompleted, 'obmen_orders{status="completed"}')).toBe(1);
  expect(moved(afterCompleted, "obmen_orders_completed_total")).toBe(1);
  expect(moved(afterCompleted, "obmen_orders_created_total")).toBe(1);
  // Completed: the payout left the receive reserve (declared and available alike), the money
  // sent joined the send currency's.
  expect(moved(afterCompleted, 'obmen_reserve_available{currency="SBERRUB"}')).toBeCloseTo(
    -receiveAmount,
    2,
  );
  expect(moved(afterCompleted, 'obmen_reserve_declared{currency="SBERRUB"}')).toBeCloseTo(
    -receiveAmount,
    2,
  );
  expect(moved(afterCompleted, 'obmen_reserve_declared{currency="USDTTRC20"}')).toBeCloseTo(100, 2);
  return { uuid, text };
}

/** Requests are counted by route pattern only: no order id ever becomes a label. */
export function expectRouteLabelsToBePatterns(text: string, uuid: string) {
  expect(text).not.toContain(uuid);
  expect(text).toMatch(
    /obmen_http_requests_total\{method="GET",route="\/admin\/api\/orders\/:uuid",status_code="200"\} [1-9]/,
  );
  expect(text).toMatch(
    /obmen_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/rest\/exchange\/create"\} [1-9]/,
  );
}

/**
 * The metric names the Grafana dashboard queries (deploy/grafana/obmen-dashboard.json), with a
 * histogram's `_bucket` series named by its histogram: a renamed metric fails here, not on an
 * operator's empty panel.
 */
export function dashboardMetricNames(): string[] {
  const path = new URL("../../../deploy/grafana/obmen-dashboard.json", import.meta.url);
  const dashboard = JSON.parse(readFileSync(path, "utf8")) as {
    panels: { targets?: { expr: string }[] }[];
  };
  const names = new Set<string>();
  for (const panel of dashboard.panels)
    for (const target of panel.targets ?? [])
      for (const [, name] of target.expr.matchAll(/\b([a-z_]+)\{/g))
        names.add(name!.replace(/_bucket$/, ""));
  return [...names].sort();
}
