import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopGracefully } from "./support/operations.ts";
import { type RunningNginx, startNginx } from "./support/proxy-nginx.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";

// Issue 17 point 5, what can be tested without Docker: deploy/nginx/obmen.conf in Debian's
// nginx in front of two `npm start` processes (site and API) on one PostgreSQL, and the
// visitor's order journey (e2e/journey.spec.ts, in a real Chromium) through it.
const root = fileURLToPath(new URL("../../../", import.meta.url));
const node = process.execPath;

describe("two replicas behind nginx on one PostgreSQL", () => {
  let database: TestDatabase;
  let nginx: RunningNginx | undefined;
  const replicas: ServerProcess[] = [];
  beforeAll(async () => {
    // As `npm start` does: build the site when it is missing or older than its sources.
    const build = spawnSync(node, ["scripts/ensure-build.mjs"], { cwd: root, encoding: "utf8" });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    database = await createTestDatabase({ migrate: false });
  }, 600_000);
  afterAll(async () => {
    await nginx?.stop();
    for (const replica of replicas) await stopGracefully(replica);
    await database?.close();
  });

  it("passes the order journey in a browser with requests alternating between the replicas, sticky-free", async () => {
    const nginxPort = 41_000 + Math.floor(Math.random() * 2_000);
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const env = {
      // As `npm start` runs it: production React, as the journey's own server does.
      NODE_ENV: undefined,
      DATABASE_URL: database.databaseUrl,
      SEED_DEMO: "true",
      APP_URL: publicUrl,
      // One proxy hop: the client is the address nginx puts in X-Forwarded-For.
      TRUST_PROXY: "1",
      RATE_LIMIT_ORDER_CREATE: "999999999/60",
      RATE_LIMIT_ORDER_UPDATE: "999999999/60",
      RATE_LIMIT_RECEIPT: "999999999/60",
      RATE_LIMIT_REVIEW: "999999999/60",
    };
    // One after the other: the first migrates and seeds the empty database.
    replicas.push(await startServerProcess(env, { web: true }));
    replicas.push(await startServerProcess(env, { web: true }));
    nginx = await startNginx({
      port: nginxPort,
      upstreams: replicas.map((replica) => new URL(replica.url).host),
      // The replicas see nginx at 127.0.0.3 and the browser (127.0.0.1) only through the header.
      bindAddress: "127.0.0.3",
    });

    // The visitor's journey in each language, on a phone and a desktop. Asynchronously: a
    // blocked event loop here would leave the replicas' output pipes undrained.
    const journey = await runPlaywright(["e2e/journey.spec.ts", "--grep", "journey in"], {
      E2E_BASE_URL: publicUrl,
    });
    expect(journey.code, journey.output).toBe(0);
    expect(journey.output).toMatch(/\d+ passed/);

    const requests = nginx.accessLog().filter((line) => line.uri !== "/healthz");
    expect(requests.filter((line) => line.status >= 500)).toEqual([]);
    const [first, second] = replicas.map((replica) => new URL(replica.url).host);
    const served = (host: string | undefined) =>
      requests.filter((line) => line.upstream === host).length;
    // Round robin: each replica served about half of the journey's requests, orders and
    // pages alike, so no step depended on landing where the previous one did.
    expect(served(first)).toBeGreaterThan(requests.length * 0.4);
    expect(served(second)).toBeGreaterThan(requests.length * 0.4);
    for (const host of [first, second]) {
      expect(requests.some((line) => line.method === "POST" && line.upstream === host)).toBe(true);
    }

    // Every order carries the browser's address from X-Forwarded-For, not nginx's own.
    const addresses = await database.db.execute<{ ip: string | null; orders: number }>(
      sql`select client_ip as ip, count(*)::int as orders from orders group by client_ip`,
    );
    expect(addresses.rows.map((row) => row.ip)).toEqual(["127.0.0.1"]);
  }, 600_000);
});

function runPlaywright(args: string[], env: Record<string, string>) {
  const output = mkdtempSync(path.join(os.tmpdir(), "pw-dep-"));
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(
      node,
      [
        "node_modules/@playwright/test/cli.js",
        "test",
        ...args,
        "--workers=1",
        "--reporter=line",
        "--output",
        output,
      ],
      { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let printed = "";
    child.stdout.on("data", (chunk) => (printed += chunk));
    child.stderr.on("data", (chunk) => (printed += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      // Traces are kept only for a failure, to be read.
      if (code === 0) rmSync(output, { recursive: true, force: true });
      resolve({ code, output: printed });
    });
  });
}
