import { ContentPageResponse } from "@obmen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isAllowedUrl,
  localiseSitePath,
  renderContentMarkdown,
} from "../../src/content/render-markdown.ts";
import type { TestApi } from "../support/test-api.ts";
import { getContent, startContentApi } from "./content-test-kit.ts";

/**
 * Every tag the HTML opens, with its attributes. A tag whose inside is anything but
 * `name="value"` pairs (an unquoted or stray attribute a browser might honour) fails here.
 */
function tagsOf(html: string) {
  return [...html.matchAll(/<([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*\/?>|<[a-z]/gi)].map(
    (match) => {
      expect(match[1], `a tag that is not name="value" pairs: ${match[0]}`).toBeDefined();
      const attributes = [...match[2]!.matchAll(/([a-z-]+)="([^"]*)"/gi)];
      return {
        name: match[1]!.toLowerCase(),
        attributes: attributes.map((attribute) => attribute[1]!.toLowerCase()),
        hrefs: attributes
          .filter((attribute) => /^(href|src)$/i.test(attribute[1]!))
          .map((attribute) => attribute[2]!),
      };
    },
  );
}

function expectHarmless(html: string) {
  const tags = tagsOf(html);
  const allowed = new Set([
    "p",
    "a",
    "strong",
    "em",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "hr",
    "br",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "s",
  ]);
  for (const tag of tags) {
    expect(allowed.has(tag.name), `<${tag.name}> in ${html}`).toBe(true);
    for (const attribute of tag.attributes) {
      expect(attribute, `${attribute} in ${html}`).toMatch(/^(href|src|alt|title|rel|style)$/);
    }
    for (const url of tag.hrefs) {
      for (const spelling of [url, decodeURIComponent(url)]) {
        const compact = [...spelling].filter((char) => char.charCodeAt(0) > 0x20).join("");
        expect(compact.toLowerCase()).not.toMatch(/^(javascript|vbscript|data|file):/);
      }
    }
  }
  expect(html).not.toMatch(/<script/i);
}

describe("Markdown rendering", () => {
  it("escapes raw HTML instead of passing it through", () => {
    const html = renderContentMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<b onclick="x()">b</b>',
      { lang: "en" },
    );
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expectHarmless(html);
  });

  it("drops links and images with a forbidden scheme, however it is spelt", () => {
    for (const url of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "&#106;avascript:alert(1)",
      "&#x6A;avascript:alert(1)",
      "<java\tscript:alert(1)>",
      "<java\nscript:alert(1)>",
      "java%73cript:alert(1)",
      " javascript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
    ]) {
      const html = renderContentMarkdown(`[link](${url}) ![img](${url})`, { lang: "ru" });
      expect(html, url).not.toContain("<a ");
      expect(html, url).not.toContain("<img");
      expectHarmless(html);
    }
    expect(isAllowedUrl("javascript:alert(1)")).toBe(false);
    expect(isAllowedUrl("java%09script:alert(1)")).toBe(false);
  });

  it("keeps ordinary links: site paths, anchors, https, mail and phone", () => {
    const html = renderContentMarkdown(
      "[a](/rules) [b](#top) [c](https://example.org/x?y=1) [d](mailto:help@obmen.example) " +
        "[e](tel:+380441234567) [f](http://example.org) ![g](/icons/btc.svg)",
      { lang: "uk" },
    );
    expect(html).toContain('<a href="/uk/rules">a</a>');
    expect(html).toContain('<a href="#top">b</a>');
    expect(html).toContain('<a href="https://example.org/x?y=1" rel="noopener noreferrer">c</a>');
    expect(html).toContain('<a href="mailto:help@obmen.example">d</a>');
    expect(html).toContain('<a href="tel:+380441234567">e</a>');
    expect(html).toContain('<a href="http://example.org" rel="noopener noreferrer">f</a>');
    expect(html).toContain('<img src="/icons/btc.svg" alt="g">');
    expectHarmless(html);
  });

  it("turns bare addresses into links, external ones with rel", () => {
    const html = renderContentMarkdown("Write to support@obmen.example or https://t.me/obmen", {
      lang: "ru",
    });
    expect(html).toContain('<a href="mailto:support@obmen.example">support@obmen.example</a>');
    expect(html).toContain('<a href="https://t.me/obmen" rel="noopener noreferrer">');
  });

  it("puts the reader's language prefix on site paths, and only there", () => {
    expect(localiseSitePath("/rules", "en")).toBe("/en/rules");
    expect(localiseSitePath("/", "uk")).toBe("/uk");
    expect(localiseSitePath("/#calc", "en")).toBe("/en#calc");
    expect(localiseSitePath("/news?page=2", "en")).toBe("/en/news?page=2");
    expect(localiseSitePath("/rules", "ru")).toBe("/rules");
    expect(localiseSitePath("/en/rules", "uk")).toBe("/en/rules");
    expect(localiseSitePath("/rates.xml", "en")).toBe("/rates.xml");
    expect(localiseSitePath("//cdn.example/x", "en")).toBe("//cdn.example/x");
    expect(localiseSitePath("#top", "en")).toBe("#top");
  });
});

describe("a hostile text through the API", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startContentApi();
  });
  afterAll(() => api.close());

  it("never lets script, javascript: or on* reach the HTML, nor markup into the title", async () => {
    const { status, body } = await getContent(api, "/content/pages/hostile");
    expect(status).toBe(200);
    const page = ContentPageResponse.parse(body).data;
    expectHarmless(page.html);
    expect(page.html).not.toMatch(/javascript:alert\('js'\)"/);
    expect(page.html).toContain("&lt;script&gt;");
    // The only real links go to the safe address: the bare URL linkified, and the link
    // whose title tried to break out of its quotes (it stays one escaped attribute).
    expect(tagsOf(page.html).filter((tag) => tag.name === "a")).toEqual([
      { name: "a", attributes: ["href", "rel"], hrefs: ["https://ok.example"] },
      { name: "a", attributes: ["href", "title", "rel"], hrefs: ["https://ok.example"] },
    ]);
    expect(page.html).toContain('title="x&quot; onmouseover=&quot;alert(1)"');
    // Titles are text: the web tier escapes them like any string.
    expect(page.title).toBe("Hostile: <b>markup</b>");
  });
});
