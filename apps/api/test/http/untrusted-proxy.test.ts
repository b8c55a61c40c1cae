import { Writable } from "node:stream";
import { createTestDatabase, type TestDatabase } from "@obmen/db";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import {
  createLocalCatalogueChanges,
  createMemoryReplayGuard,
  openDatabaseApiClients,
  registerApi,
} from "../../src/index.ts";

// Issue 26 point 3: behind a proxy without TRUST_PROXY every operator and customer has the
// proxy's address. The server says so: a log line and a field on /healthz (still 200).
describe("X-Forwarded-For without TRUST_PROXY", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
    await database.close();
  });

  async function start(trustProxySet: boolean) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    database = await createTestDatabase();
    app = Fastify({ logger: { level: "warn", stream } });
    await registerApi(app, {
      db: database.db,
      ping: database.ping,
      clients: openDatabaseApiClients(database.db),
      replayGuard: createMemoryReplayGuard(),
      catalogueChanges: createLocalCatalogueChanges(),
      appUrl: "http://localhost",
      jobs: null,
      trustProxySet,
    });
    await app.ready();
    return lines;
  }
  const health = async (forwarded?: string) => {
    const response = await app.inject({
      method: "GET",
      url: "/healthz",
      headers: forwarded ? { "x-forwarded-for": forwarded } : {},
    });
    return { status: response.statusCode, body: response.json() };
  };

  it("logs a warning once and names it on /healthz, whose status stays 200", async () => {
    const lines = await start(false);
    const before = await health();
    expect(before.status).toBe(200);
    expect(before.body).not.toHaveProperty("warnings");
    expect(lines).toEqual([]);

    await app.inject({
      method: "GET",
      url: "/rest/nothing-here",
      headers: { "x-forwarded-for": "198.51.100.1" },
    });
    await health("198.51.100.2");
    const warnings = lines.filter((line) => line.warning === "x_forwarded_for_without_trust_proxy");
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.msg)).toContain("TRUST_PROXY");
    const after = await health();
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      status: "ok",
      checks: { database: "ok", replay_guard: "ok" },
      warnings: ["x_forwarded_for_without_trust_proxy"],
    });
  });

  it("says nothing when TRUST_PROXY is set", async () => {
    const lines = await start(true);
    const answer = await health("198.51.100.1");
    expect(answer.body).not.toHaveProperty("warnings");
    expect(lines).toEqual([]);
  });
});
