import { beforeEach, describe, expect, it, vi } from "vitest";
import type { WebContext } from "../web-context.server.ts";
import { cachedSitemapXml, resetSitemapCache } from "./cached-sitemap.server.ts";

function fakeContext(options: { contentFails?: boolean } = {}) {
  const calls = { pairs: 0, content: 0 };
  const api = {
    currencyPairs: {
      list: async () => {
        calls.pairs++;
        return [];
      },
    },
    content: {
      index: async () => {
        calls.content++;
        if (options.contentFails) throw new Error("404 NOT_FOUND");
        return {
          pages: [],
          news: [{ slug: "hello", updated_at: "2026-01-01T00:00:00.000Z" }],
          blog: [],
        };
      },
    },
  };
  const log = { warn: vi.fn(), error: vi.fn() };
  const context = {
    api,
    clientIp: "127.0.0.1",
    appOrigin: "https://obmen.example",
    widgets: {},
    log,
  };
  return { context: context as unknown as WebContext, calls };
}

describe("sitemap cache", () => {
  beforeEach(() => resetSitemapCache());

  it("builds once for concurrent and repeated requests", async () => {
    const { context, calls } = fakeContext();
    const [first, second] = await Promise.all([
      cachedSitemapXml(context),
      cachedSitemapXml(context),
    ]);
    expect(await cachedSitemapXml(context)).toBe(first);
    expect(second).toBe(first);
    expect(calls).toEqual({ pairs: 1, content: 1 });
    expect(first).toContain("<loc>https://obmen.example/en/news/hello</loc>");
  });

  it("rebuilds after ten minutes, and a partial one after a minute", async () => {
    const { context, calls } = fakeContext({ contentFails: true });
    const partial = await cachedSitemapXml(context);
    expect(partial).toContain("<loc>https://obmen.example/about</loc>");
    await cachedSitemapXml(context, Date.now() + 30_000);
    expect(calls.content).toBe(1);
    await cachedSitemapXml(context, Date.now() + 61_000);
    expect(calls.content).toBe(2);

    const healthy = fakeContext();
    resetSitemapCache();
    await cachedSitemapXml(healthy.context);
    await cachedSitemapXml(healthy.context, Date.now() + 9 * 60_000);
    expect(healthy.calls.pairs).toBe(1);
    await cachedSitemapXml(healthy.context, Date.now() + 11 * 60_000);
    expect(healthy.calls.pairs).toBe(2);
  });
});
