import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { RateJobOptions } from "../../../src/rates/rate-jobs.ts";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));

/**
 * A loopback stand-in for the rate sources: Binance's book ticker from a table the test moves,
 * CBR, NBU, ECB and Bybit from their fixtures. A source can be made to fail (503). It counts
 * each source's fetches. Nothing in tests leaves the machine.
 */
export async function startFakeRateSources() {
  const book = new Map<string, { bid: string; ask: string }>([
    ["BTCUSDT", { bid: "91234.5", ask: "91234.51" }],
    ["ETHUSDT", { bid: "3112.83", ask: "3112.84" }],
  ]);
  const silent = new Set<string>();
  const fetches = new Map<string, number[]>();
  const bodies: Record<string, () => Buffer> = {
    "/binance/api/v3/ticker/bookTicker": () =>
      Buffer.from(
        JSON.stringify(
          [...book].map(([symbol, { bid, ask }]) => ({
            symbol,
            bidPrice: bid,
            bidQty: "1.00000000",
            askPrice: ask,
            askQty: "1.00000000",
          })),
        ),
      ),
    "/bybit/v5/market/tickers?category=spot": () => fixture("bybit-spot-tickers.json"),
    "/cbr/scripts/XML_daily.asp": () => fixture("cbr-xml-daily.xml"),
    "/nbu/NBUStatService/v1/statdirectory/exchange?json": () => fixture("nbu-exchange.json"),
    "/ecb/stats/eurofxref/eurofxref-daily.xml": () => fixture("ecb-eurofxref-daily.xml"),
  };
  // The monitor's offers for BTC (93) → Sberbank (42), as BestChange API v2 answers them.
  let offers: { changer: number; rate: string }[] = [];
  bodies["/bestchange/v2/test-key/rates/93-42"] = () =>
    Buffer.from(
      JSON.stringify({ rates: { "93-42": offers.map((offer) => ({ ...offer, marks: [] })) } }),
    );
  const server = createServer((request, response) => {
    const url = request.url ?? "";
    const source = url.split("/")[1] ?? "";
    fetches.set(source, [...(fetches.get(source) ?? []), Date.now()]);
    const body = bodies[url];
    if (!body || silent.has(source)) {
      response.writeHead(503);
      response.end("unavailable");
      return;
    }
    response.writeHead(200);
    response.end(body());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls: RateJobOptions["urls"] = {
    binance: `${base}/binance`,
    bybit: `${base}/bybit`,
    cbr: `${base}/cbr`,
    nbu: `${base}/nbu`,
    ecb: `${base}/ecb`,
  };
  return {
    urls,
    /** Moves a Binance symbol's book (bid and ask). */
    setBook(symbol: string, bid: string, ask: string) {
      book.set(symbol, { bid, ask });
    },
    /** BestChange's offers in the BTC → SBERRUB direction. */
    setOffers(next: { changer: number; rate: string }[]) {
      offers = next;
    },
    monitorUrl: `${base}/bestchange`,
    silence(source: string, on = true) {
      if (on) silent.add(source);
      else silent.delete(source);
    },
    /** When each fetch of `source` arrived (epoch ms). */
    fetchesOf: (source: string) => fetches.get(source) ?? [],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeRateSources = Awaited<ReturnType<typeof startFakeRateSources>>;
