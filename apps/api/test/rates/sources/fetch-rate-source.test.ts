import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cbrSource } from "../../../src/rates/sources/cbr.ts";
import { fetchRateSource } from "../../../src/rates/sources/fetch-rate-source.ts";

const cbrBytes = readFileSync(new URL("../fixtures/cbr-xml-daily.xml", import.meta.url));
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // A loopback stand-in for cbr.ru: nothing in tests leaves the machine.
  server = createServer((request, response) => {
    if (request.url === "/ok/scripts/XML_daily.asp") {
      response.writeHead(200, { "content-type": "application/xml; charset=windows-1251" });
      response.end(cbrBytes);
    } else if (request.url === "/slow/scripts/XML_daily.asp") {
      setTimeout(() => response.end(cbrBytes), 2_000).unref();
    } else {
      response.writeHead(503);
      response.end("Service Unavailable");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("fetchRateSource", () => {
  it("reads the source below its base URL and decodes windows-1251", async () => {
    const quotes = await fetchRateSource({ adapter: cbrSource, baseUrl: `${baseUrl}/ok` });
    expect(quotes.find((quote) => quote.symbol === "USDRUB")?.value).toBe("78.9013");
  });

  it("refuses an HTTP error, a timeout and an unreachable host", async () => {
    await expect(
      fetchRateSource({ adapter: cbrSource, baseUrl: `${baseUrl}/down` }),
    ).rejects.toThrow(/cbr: HTTP 503/);
    await expect(
      fetchRateSource({ adapter: cbrSource, baseUrl: `${baseUrl}/slow`, timeoutMs: 100 }),
    ).rejects.toThrow(/timed out/);
    await expect(
      fetchRateSource({ adapter: cbrSource, baseUrl: "http://127.0.0.1:1" }),
    ).rejects.toThrow(/fetch failed/);
  });
});
