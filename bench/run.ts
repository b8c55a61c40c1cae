// `npm run bench [-- --quick]`: the performance issue's metrics on PGlite and PostgreSQL,
// printed as a table and written to bench/results.json. See docs/performance.md.
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { cleanupAll, installSignalCleanup } from "./lib/cleanup.ts";
import type { LoadProfile } from "./lib/load.ts";
import { describeMachine } from "./lib/machine.ts";
import { createScratchDatabase, pgbenchPath, postgresAvailable } from "./lib/postgres.ts";
import { type MetricResult, notMeasured } from "./lib/result.ts";
import { type Engine, startObmen } from "./lib/server-process.ts";
import { HISTORY_TARGET, measureAccountHistory } from "./metrics/account-history.ts";
import { ADMIN_ORDERS_TARGET, measureAdminOrders } from "./metrics/admin-orders.ts";
import { measureHomeJs } from "./metrics/home-js.ts";
import { measureLighthouse } from "./metrics/lighthouse.ts";
import { measureLoginRps } from "./metrics/login.ts";
import { measureOrderCreate } from "./metrics/order-create.ts";
import { measurePairList } from "./metrics/pair-list.ts";
import { coldStartResult, rssResult } from "./metrics/process-figures.ts";
import { measureQuoteOps } from "./metrics/quote-ops.ts";
import { measureRatesXml } from "./metrics/rates-xml.ts";
import { measureSsrHome, prepareStaticTwin } from "./metrics/ssr-home.ts";
import { measureWithdrawalCreate, WITHDRAWAL_TARGET } from "./metrics/withdrawal-create.ts";

const quick = process.argv.includes("--quick");
const only = process.argv.find((arg) => arg.startsWith("--engine="))?.slice("--engine=".length);
/** Reads: 10 connections (autocannon's default) saturate one Node process on this box. */
const readProfile: LoadProfile = quick
  ? { connections: 10, durationSeconds: 3, warmupSeconds: 1, rounds: 1 }
  : { connections: 10, durationSeconds: 8, warmupSeconds: 2, rounds: 3 };
/** Order creation at 32 connections, as the issue sets it. */
const writeProfile: LoadProfile = { ...readProfile, connections: 32 };

// What `npm start` does before it starts the server: the web build and the PGlite templates
// exist, so a cold start measures a deployed install's first start, not a build.
execSync("node scripts/ensure-build.mjs", {
  cwd: path.resolve(import.meta.dirname, ".."),
  stdio: "inherit",
});
installSignalCleanup();
const started = performance.now();
const results: MetricResult[] = [];
const engines: Engine[] = [];
const add = (result: MetricResult | MetricResult[]) => {
  for (const row of [result].flat()) {
    results.push(row);
    console.error(
      `  ${row.name}${row.engine ? ` [${row.engine}]` : ""}: ${row.value ?? "—"} ${row.unit}`,
    );
  }
};

try {
  console.error(`Obmen bench (${quick ? "quick" : "full"}) on ${describeMachine().model}`);
  add(measureQuoteOps({ quick }));

  if (!only || only === "pglite") {
    engines.push("pglite");
    await benchEngine("pglite");
  }
  if (!only || only === "postgres") {
    const unavailable = await postgresAvailable();
    if (unavailable) {
      add(
        notMeasured({
          name: "order_create_rps",
          engine: "postgres",
          unit: "req/s",
          target: "ratio ≥ 0.3, p99 ≤ 50 ms",
          reason: `PostgreSQL unreachable: ${unavailable}`,
        }),
      );
      add(
        notMeasured({
          name: "account_history_p99_ms",
          engine: "postgres",
          unit: "ms",
          target: HISTORY_TARGET,
          reason: `PostgreSQL unreachable: ${unavailable}`,
        }),
      );
      add(
        notMeasured({
          name: "admin_orders_p99_ms",
          engine: "postgres",
          unit: "ms",
          target: ADMIN_ORDERS_TARGET,
          reason: `PostgreSQL unreachable: ${unavailable}`,
        }),
      );
    } else {
      engines.push("postgres");
      await benchEngine("postgres");
      // Its own server on its own scratch database: a million orders would skew the others.
      add(await measureAccountHistory({ ...readProfile, connections: 16 }));
      // The console's queue on a million orders of its own, at the issue's 8 connections.
      add(await measureAdminOrders({ ...readProfile, connections: 8 }));
      // Its own server and scratch database too: 1,000 partners and their growing ledger.
      const pgbench = await pgbenchPath();
      add(
        pgbench
          ? await measureWithdrawalCreate({ profile: writeProfile, pgbench })
          : notMeasured({
              name: "withdrawal_create_rps",
              engine: "postgres",
              unit: "req/s",
              target: WITHDRAWAL_TARGET,
              reason: "pgbench not found (apt-get install postgresql-contrib)",
            }),
      );
    }
  }
} finally {
  await cleanupAll();
}

async function benchEngine(engine: Engine) {
  console.error(`${engine}:`);
  const database = engine === "postgres" ? await createScratchDatabase("server") : null;
  const twin = prepareStaticTwin();
  try {
    const server = await startObmen({ engine, databaseUrl: database?.url });
    try {
      add(coldStartResult(server));
      const rssAfterStartMb = server.rssMb();
      add(await measurePairList(server, readProfile));
      add(await measureRatesXml(server, readProfile));
      add(await measureLoginRps(server, readProfile, { databaseUrl: database?.url }));
      const ssr = await measureSsrHome(server, twin, readProfile);
      add(ssr.result);
      if (engine === "pglite") add(await measureHomeJs(server, ssr.html));
      // Pages are rendered the same on either engine: audited once, on the first one benched.
      if (engine === engines[0]) add(await measureLighthouse(server, { runs: quick ? 1 : 3 }));
      if (engine === "postgres") {
        const pgbench = await pgbenchPath();
        add(
          pgbench
            ? await measureOrderCreate({
                server,
                databaseUrl: database!.url,
                profile: writeProfile,
                pgbench,
              })
            : notMeasured({
                name: "order_create_rps",
                engine,
                unit: "req/s",
                target: "ratio ≥ 0.3, p99 ≤ 50 ms",
                reason: "pgbench not found (apt-get install postgresql-contrib)",
              }),
        );
      }
      add(rssResult(server, rssAfterStartMb));
    } finally {
      await server.stop();
    }
  } finally {
    await twin.remove();
    await database?.drop();
  }
}

const ORDER = [
  "pair_list_rps",
  "quote_ops",
  "order_create_rps",
  "login_rps",
  "account_history_p99_ms",
  "admin_orders_p99_ms",
  "withdrawal_create_rps",
  "ssr_home_rps",
  "rates_xml_rps",
  "home_js_kb",
  "lighthouse_perf",
  "cold_start_s",
  "rss_mb",
];
results.sort(
  (a, b) =>
    ORDER.indexOf(a.name) - ORDER.indexOf(b.name) ||
    String(a.engine).localeCompare(String(b.engine)),
);

const report = {
  machine: describeMachine(),
  engines,
  date: new Date().toISOString(),
  mode: quick ? "quick" : "full",
  profiles: { read: readProfile, order_create: writeProfile },
  results,
};
writeFileSync(
  path.join(import.meta.dirname, "results.json"),
  `${JSON.stringify(report, null, 2)}\n`,
);
printTable(results);
console.log(
  `\n${results.filter((r) => r.pass === false).length} missed, ${results.filter((r) => r.pass === null).length} not measured; ${((performance.now() - started) / 1000).toFixed(0)} s; bench/results.json written`,
);

function printTable(rows: MetricResult[]) {
  const cells = rows.map((r) => [
    // Metrics measured per page (Lighthouse) name the page.
    typeof r.details?.page === "string" ? `${r.name} ${r.details.page}` : r.name,
    r.engine ?? "—",
    r.value === null ? "not measured" : `${r.value.toLocaleString("en")} ${r.unit}`,
    r.details?.p99_ms === undefined ? "" : `${r.details.p99_ms} ms`,
    r.baseline_value === null ? "" : `${r.baseline_value.toLocaleString("en")}`,
    r.ratio === null ? "" : r.ratio.toFixed(2),
    r.target,
    r.pass === null ? "—" : r.pass ? "PASS" : "MISS",
  ]);
  const header = ["metric", "engine", "value", "p99", "baseline", "ratio", "target", "pass"];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const c of cells) console.log(line(c));
}
