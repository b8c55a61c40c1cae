import { describe, expect, it } from "vitest";
import { localizeContentLinks, localizeHref } from "./localize-content-links.ts";

describe("localizeContentLinks", () => {
  it("moves root-relative links into the reader's language", () => {
    const html = '<p>See the <a href="/rules">rules</a> and <a href="/faq#fees">fees</a>.</p>';
    expect(localizeContentLinks(html, "en")).toBe(
      '<p>See the <a href="/en/rules">rules</a> and <a href="/en/faq#fees">fees</a>.</p>',
    );
    expect(localizeContentLinks(html, "uk")).toContain('href="/uk/faq#fees"');
  });

  it("leaves Russian, the unprefixed default, as written", () => {
    const html = '<a href="/rules">rules</a>';
    expect(localizeContentLinks(html, "ru")).toBe(html);
  });

  it("handles single quotes, other attributes and the home page", () => {
    expect(localizeContentLinks("<a class='x' href='/'>home</a>", "en")).toBe(
      "<a class='x' href='/en'>home</a>",
    );
    expect(localizeContentLinks('<a title="t" href="/news?page=2" rel="next">n</a>', "uk")).toBe(
      '<a title="t" href="/uk/news?page=2" rel="next">n</a>',
    );
  });

  it("never touches external, protocol-relative, fragment or mail links", () => {
    const html = [
      '<a href="https://t.me/obmen_support">tg</a>',
      '<a href="//evil.example/x">x</a>',
      '<a href="#top">top</a>',
      '<a href="mailto:support@obmen.example">mail</a>',
    ].join("");
    expect(localizeContentLinks(html, "en")).toBe(html);
  });

  it("only rewrites anchors, not images or text that looks like a link", () => {
    const html = '<img src="/icons/btc.svg" alt=""><p>href="/rules"</p>';
    expect(localizeContentLinks(html, "en")).toBe(html);
  });
});

describe("localizeHref", () => {
  it("keeps links that already name a language", () => {
    expect(localizeHref("/uk/about", "en")).toBe("/uk/about");
    expect(localizeHref("/EN/about", "uk")).toBe("/EN/about");
  });

  it("keeps API paths and files", () => {
    expect(localizeHref("/rest/reserve/list", "en")).toBe("/rest/reserve/list");
    expect(localizeHref("/sitemap.xml", "en")).toBe("/sitemap.xml");
    expect(localizeHref("/favicon.svg", "uk")).toBe("/favicon.svg");
  });

  it("keeps the query and fragment after the localised path", () => {
    expect(localizeHref("/order?id=abc#pay", "en")).toBe("/en/order?id=abc#pay");
    expect(localizeHref("/?from=BTC", "en")).toBe("/en?from=BTC");
  });
});
