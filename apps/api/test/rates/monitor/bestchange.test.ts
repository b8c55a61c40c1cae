import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { followMonitor } from "@obmen/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fetchBestChangeRates,
  parseBestChangeRates,
} from "../../../src/rates/monitor/bestchange.ts";

const body = readFileSync(new URL("../fixtures/bestchange-rates.json", import.meta.url), "utf8");
let server: Server;
let baseUrl: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? "");
    response.writeHead(request.url === "/v2/test-key/rates/93-42" ? 200 : 403);
    response.end(request.url === "/v2/test-key/rates/93-42" ? body : '{"error":"bad key"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("the BestChange monitor's offers", () => {
  it("parse to exact decimals, strings and JSON numbers alike", () => {
    expect(parseBestChangeRates(body)).toEqual([
      { changer: 1107, rate: "7152300.41" },
      { changer: 312, rate: "7181000" },
      { changer: 845, rate: "7124900.12" },
      { changer: 77, rate: "7090000.5" },
    ]);
  });

  it("refuses nonsense", () => {
    expect(() => parseBestChangeRates('{"error":"bad key"}')).toThrow(/no rates object/);
    expect(() => parseBestChangeRates('{"rates":{"93-42":[{"changer":1,"rate":0}]}}')).toThrow(
      /not above zero/,
    );
    expect(parseBestChangeRates('{"rates":{"93-42":[]}}')).toEqual([]);
  });

  it("are fetched with the key from the configured base URL, and held at place 2 within bounds", async () => {
    const offers = await fetchBestChangeRates({ baseUrl, apiKey: "test-key", from: 93, to: 42 });
    await expect(
      fetchBestChangeRates({ baseUrl, apiKey: "wrong", from: 93, to: 42 }),
    ).rejects.toThrow(/HTTP 403/);
    const held = followMonitor({
      offers,
      ownChanger: 77,
      ignored: new Set([312]),
      position: 2,
      step: "0.01",
      side: "receive",
      worst: "6984000",
      best: "7164000",
    });
    expect(held).toEqual({
      rate: "7124900.13",
      competitor: 845,
      competitorPosition: 2,
      clamped: null,
    });
  });
});
