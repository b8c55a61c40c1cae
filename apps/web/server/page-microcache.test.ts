import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageMicrocache } from "./page-microcache.ts";

function clock() {
  let time = 1_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

const html = (body: string, init?: ResponseInit) => new Response(body, init);

describe("page microcache", () => {
  const request = (url: string, cookie?: string, method = "GET") => ({ method, url, cookie });

  it("caches only listed paths, without a query or personal cookies", () => {
    const cache = createPageMicrocache({ paths: ["/", "/en"], ttlMs: 1000 });
    expect(cache.keyFor(request("/"))).toBe("/");
    expect(cache.keyFor(request("/en", "locale=en"))).toBe("/en");
    expect(cache.keyFor(request("/", undefined, "HEAD"))).toBe("/");
    expect(cache.keyFor(request("/", undefined, "POST"))).toBeNull();
    expect(cache.keyFor(request("/?to=BTC"))).toBeNull();
    expect(cache.keyFor(request("/about"))).toBeNull();
    expect(cache.keyFor(request("/", "token=abc"))).toBeNull();
    expect(cache.keyFor(request("/", "locale=ru; reset_token=x"))).toBeNull();
    expect(cache.keyFor(request("/", "locale=uk;token=abc"))).toBeNull();
    expect(cache.keyFor(request("/uk", "locale=uk; "))).toBeNull(); // not a listed path
    expect(cache.keyFor(request("/en", " locale=uk ;"))).toBe("/en");
  });

  it("renders once for concurrent requests and while fresh, again after the TTL", async () => {
    const time = clock();
    const cache = createPageMicrocache({ paths: ["/"], ttlMs: 1000, now: time.now });
    let renders = 0;
    const render = async () => html(`page ${++renders}`, { headers: { "x-a": "1" } });
    const [a, b] = await Promise.all([cache.get("/", render), cache.get("/", render)]);
    expect(a.body.toString()).toBe("page 1");
    expect(b).toBe(a);
    expect(a.headers).toContainEqual(["x-a", "1"]);
    time.advance(999);
    expect((await cache.get("/", render)).body.toString()).toBe("page 1");
    time.advance(1);
    expect((await cache.get("/", render)).body.toString()).toBe("page 2");
  });

  it("does not keep errors, failed renders or answers that set cookies", async () => {
    const cache = createPageMicrocache({ paths: ["/"], ttlMs: 60_000 });
    let renders = 0;
    const failing = async (): Promise<Response> => {
      renders++;
      throw new Error("boom");
    };
    await expect(cache.get("/", failing)).rejects.toThrow("boom");
    const statuses = [500, 200];
    const flaky = async () => html(String(++renders), { status: statuses.shift() });
    expect((await cache.get("/", flaky)).status).toBe(500);
    expect((await cache.get("/", flaky)).status).toBe(200);
    const cookie = async () => html("x", { headers: { "set-cookie": "a=1" } });
    const other = createPageMicrocache({ paths: ["/"], ttlMs: 60_000 });
    const first = await other.get("/", cookie);
    expect(first.headers).toContainEqual(["set-cookie", "a=1"]);
    expect(await other.get("/", cookie)).not.toBe(first);
  });

  it("compresses a kept page once per encoding, on first use", async () => {
    const cache = createPageMicrocache({ paths: ["/"], ttlMs: 60_000 });
    const text = "<p>Курс</p>".repeat(300);
    const page = await cache.get("/", async () => html(text));
    const first = await page.encodedBody("br");
    expect(brotliDecompressSync(first).toString()).toBe(text);
    const hit = await cache.get("/", async () => html("never rendered"));
    expect(await hit.encodedBody("br")).toBe(first);
    expect(gunzipSync(await hit.encodedBody("gzip")).toString()).toBe(text);
    expect(hit.body.toString()).toBe(text);
  });
});
