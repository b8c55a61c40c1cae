import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { apiClients, currencies, openDatabase } from "@obmen/db";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config.ts";
import { WEB_CLIENT_NAME } from "../src/resolve-web-client.ts";
import { startServer } from "../src/start-server.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "obmen-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = {
  ...parseConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    CAPTCHA_PROVIDER: "none",
  }),
  // Any free port: the configuration accepts only real ones.
  PORT: 0,
};

describe("the server's first start on a new embedded database", () => {
  it("serves the catalogue the child process seeded, and opens the directory again", async () => {
    const server = await startServer(config, { web: false });
    try {
      const rates = await server.app.inject({ method: "GET", url: "/rates.xml" });
      expect(rates.statusCode).toBe(200);
      expect(rates.body).toContain("<from>");
    } finally {
      await server.close();
    }

    // The directory now holds one demo catalogue and the web tier's own API client.
    const reopened = await openDatabase({ dataDir });
    try {
      const [currencyCount] = await reopened.db.select({ total: count() }).from(currencies);
      expect(currencyCount?.total).toBeGreaterThan(0);
      const clients = await reopened.db.select().from(apiClients);
      expect(clients.map((client) => client.name)).toContain(WEB_CLIENT_NAME);
    } finally {
      await reopened.close();
    }

    const restarted = await startServer(config, { web: false });
    await restarted.close();
  });
});
