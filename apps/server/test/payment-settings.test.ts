import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../src/config.ts";
import { startServer } from "../src/start-server.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "obmen-payments-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Issue 28's settings, parsed once and wired into the server (README "Configuration"). */
describe("payment watcher settings", () => {
  it("defaults, and BTCPay's three settings only together", () => {
    const config = parseConfig({});
    expect(config.ESPLORA_URL).toBe("https://blockstream.info/api");
    expect(config.TRONGRID_URL).toBe("https://api.trongrid.io");
    expect(config.PAYMENTS_POLL_SECONDS).toBe(30);
    expect(() => parseConfig({ BTCPAY_URL: "https://btcpay.example.com" })).toThrow(ConfigError);
    expect(() => parseConfig({ PAYMENTS_POLL_SECONDS: "1" })).toThrow(ConfigError);
    // A key given without its URL: refused, and the key never echoed back.
    const refusal = (() => {
      try {
        parseConfig({ BTCPAY_API_KEY: "btcpay-key-secret-value" });
      } catch (error) {
        return error as ConfigError;
      }
      return null;
    })();
    expect(refusal?.problems.join("\n")).toMatch(/BTCPAY_URL/);
    expect(refusal?.problems.join("\n")).not.toContain("btcpay-key-secret-value");
  });

  it("the server answers BTCPay's webhook: 401 without the signature, 200 with it", async () => {
    const secret = "whsec-server-0123456789";
    const config = {
      ...parseConfig({
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        CAPTCHA_PROVIDER: "none",
        // Loopback ports nothing listens on: no order is watched here, nothing is read.
        ESPLORA_URL: "http://127.0.0.1:9",
        TRONGRID_URL: "http://127.0.0.1:9",
        BTCPAY_URL: "http://127.0.0.1:9",
        BTCPAY_API_KEY: "btcpay-key",
        BTCPAY_STORE_ID: "store",
        BTCPAY_WEBHOOK_SECRET: secret,
      }),
      PORT: 0,
    };
    const server = await startServer(config, { web: false });
    try {
      const body = JSON.stringify({
        type: "InvoiceSettled",
        invoiceId: "Unknown1",
        deliveryId: "d1",
      });
      const unsigned = await server.app.inject({
        method: "POST",
        url: "/webhooks/btcpay",
        headers: { "content-type": "application/json" },
        payload: body,
      });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
      const signed = await server.app.inject({
        method: "POST",
        url: "/webhooks/btcpay",
        headers: {
          "content-type": "application/json",
          "btcpay-sig": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
        },
        payload: body,
      });
      expect(signed.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);
});
