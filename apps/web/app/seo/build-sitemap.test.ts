import type { CurrencyPairEntry } from "@obmen/contracts";
import { describe, expect, it } from "vitest";
import { buildSitemapXml, sitemapEntries } from "./build-sitemap.ts";

function pair(from: string, to: string): CurrencyPairEntry {
  const currency = (code: string) => ({ url_xml: code }) as never;
  return {
    currency_pair: { send_currency: currency(from), receive_currency: currency(to) },
  } as never;
}

const CONTENT = {
  pages: [{ slug: "about", updated_at: "2026-01-02T10:00:00.000Z" }],
  news: [
    { slug: "new-pairs", updated_at: "2026-02-01T09:00:00.000Z" },
    { slug: "holiday-hours", updated_at: "2026-03-01T09:00:00.000Z" },
  ],
  blog: [{ slug: "how-to-pay", updated_at: "2026-01-15T12:00:00.000Z" }],
};

describe("sitemap.xml", () => {
  it("lists the fixed pages, every article and post, and every exchange direction once", () => {
    const entries = sitemapEntries({
      pairs: [pair("BTC", "SBERRUB"), pair("USDTTRC20", "BTC"), pair("BTC", "SBERRUB")],
      content: CONTENT,
    });
    expect(entries.map((entry) => entry.path)).toEqual([
      "/",
      "/about",
      "/reserve",
      "/rules",
      "/faq",
      "/partner",
      "/contact",
      "/sitemap",
      "/agreement",
      "/news",
      "/blog",
      "/news/new-pairs",
      "/news/holiday-hours",
      "/blog/how-to-pay",
      "/exchange/BTC/SBERRUB",
      "/exchange/USDTTRC20/BTC",
    ]);
  });

  it("dates content pages by their last change and lists by their newest item", () => {
    const entries = sitemapEntries({ pairs: [], content: CONTENT });
    const lastmod = (path: string) => entries.find((entry) => entry.path === path)?.lastmod;
    expect(lastmod("/about")).toBe("2026-01-02T10:00:00.000Z");
    expect(lastmod("/news")).toBe("2026-03-01T09:00:00.000Z");
    expect(lastmod("/blog")).toBe("2026-01-15T12:00:00.000Z");
    expect(lastmod("/news/new-pairs")).toBe("2026-02-01T09:00:00.000Z");
    expect(lastmod("/rules")).toBeUndefined();
  });

  it("still lists what it knows when a source failed", () => {
    expect(sitemapEntries({ pairs: null, content: null })).toHaveLength(11);
    expect(sitemapEntries({ pairs: [pair("BTC", "ETH")], content: null }).at(-1)?.path).toBe(
      "/exchange/BTC/ETH",
    );
  });

  it("writes every language of every page with hreflang alternates and x-default", () => {
    const xml = buildSitemapXml("https://obmen.example", [
      { path: "/news/a-b", lastmod: "2026-02-01T09:00:00.000Z" },
      { path: "/" },
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const urls = xml.match(/<url>.*?<\/url>/g) ?? [];
    expect(urls).toHaveLength(6);
    expect(urls.map((url) => /<loc>(.*?)<\/loc>/.exec(url)?.[1])).toEqual([
      "https://obmen.example/news/a-b",
      "https://obmen.example/en/news/a-b",
      "https://obmen.example/uk/news/a-b",
      "https://obmen.example/",
      "https://obmen.example/en",
      "https://obmen.example/uk",
    ]);
    expect(urls[1]).toContain("<lastmod>2026-02-01T09:00:00.000Z</lastmod>");
    expect(urls[1]).toContain(
      '<xhtml:link rel="alternate" hreflang="uk" href="https://obmen.example/uk/news/a-b"/>',
    );
    expect(urls[1]).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://obmen.example/news/a-b"/>',
    );
    expect(urls[4]).not.toContain("<lastmod>");
  });

  it("escapes what XML needs escaped", () => {
    const xml = buildSitemapXml("https://obmen.example", [{ path: "/exchange/A&B/C" }]);
    expect(xml).toContain("<loc>https://obmen.example/exchange/A&amp;B/C</loc>");
    expect(xml).not.toContain("A&B");
  });
});
