import {
  ContentArticleResponse,
  ContentIndexResponse,
  ContentListResponse,
  ContentPageResponse,
  FaqListResponse,
} from "@obmen/contracts";
import { contentEntries } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import { getContent, startContentApi } from "./content-test-kit.ts";

const NEWS_NEWEST_FIRST = [
  "holiday-hours",
  "fee-cut",
  "night-payouts",
  "ton-added",
  "service-launch",
];

describe("GET /content/*", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startContentApi();
  });
  afterAll(() => api.close());

  const ok = async (url: string) => {
    const response = await getContent(api, url);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    return response.body!;
  };

  it("answers a page in the asked language, Russian by default", async () => {
    const en = ContentPageResponse.parse(await ok("/content/pages/about?lang=en")).data;
    expect(en).toMatchObject({ slug: "about", lang: "en", title: "About us" });
    expect(en.description).toBe("Who we are and how we work.");
    expect(en.html).toContain("<p>We exchange currency.");
    expect(Date.parse(en.updated_at)).toBeGreaterThan(Date.now() - 60_000);

    const ru = ContentPageResponse.parse(await ok("/content/pages/about")).data;
    expect(ru).toMatchObject({ lang: "ru", title: "О сервисе" });
    const uk = ContentPageResponse.parse(await ok("/content/pages/about?lang=uk")).data;
    expect(uk).toMatchObject({ lang: "uk", title: "Про сервіс" });
  });

  it("prefixes site links with the reader's language and marks external links", async () => {
    const en = ContentPageResponse.parse(await ok("/content/pages/about?lang=en")).data;
    expect(en.html).toContain('<a href="/en/rules">rules</a>');
    expect(en.html).toContain(
      '<a href="https://t.me/obmen_support" rel="noopener noreferrer">Telegram</a>',
    );
    const ru = ContentPageResponse.parse(await ok("/content/pages/about?lang=ru")).data;
    expect(ru.html).toContain('<a href="/rules">правила</a>');
  });

  it("lists news newest first with the default page size", async () => {
    const list = ContentListResponse.parse(await ok("/content/news?lang=en")).data;
    expect(list).toMatchObject({ page: 1, per_page: 10, total: 5, pages: 1 });
    expect(list.items.map((item) => item.slug)).toEqual(NEWS_NEWEST_FIRST);
    expect(list.items[0]).toEqual({
      slug: "holiday-hours",
      title: "Holiday hours",
      description: "Opening hours.",
      published_at: "2026-05-25T00:00:00.000Z",
    });
  });

  it("pages through the list: ceil(total / per_page) pages, the last one partial", async () => {
    const pageOf = async (query: string) =>
      ContentListResponse.parse(await ok(`/content/news?${query}`)).data;
    const first = await pageOf("per_page=2");
    expect(first).toMatchObject({ page: 1, per_page: 2, total: 5, pages: 3 });
    expect(first.items.map((item) => item.slug)).toEqual(NEWS_NEWEST_FIRST.slice(0, 2));
    const second = await pageOf("per_page=2&page=2");
    expect(second.items.map((item) => item.slug)).toEqual(NEWS_NEWEST_FIRST.slice(2, 4));
    const last = await pageOf("page=3&per_page=2");
    expect(last.items.map((item) => item.slug)).toEqual(["service-launch"]);
    expect(await pageOf("page=4&per_page=2")).toEqual({
      items: [],
      page: 4,
      per_page: 2,
      total: 5,
      pages: 3,
    });
    expect(await pageOf("per_page=5")).toMatchObject({ total: 5, pages: 1 });
    expect(await pageOf("per_page=50")).toMatchObject({ per_page: 50, pages: 1 });
    expect(await pageOf("per_page=1&page=5")).toMatchObject({ pages: 5, page: 5 });
  });

  it("answers a news article with its publication date", async () => {
    const article = ContentArticleResponse.parse(await ok("/content/news/ton-added?lang=uk")).data;
    expect(article).toMatchObject({
      slug: "ton-added",
      lang: "uk",
      title: "Додали TON",
      description: "Нова монета.",
      published_at: "2026-02-10T00:00:00.000Z",
    });
    expect(article.html).toBe("<p>Тепер можна обмінювати TON.</p>\n");
  });

  it("falls back to Russian when a text has no translation, and says so", async () => {
    const article = ContentArticleResponse.parse(
      await ok("/content/news/night-payouts?lang=uk"),
    ).data;
    expect(article).toMatchObject({ lang: "ru", title: "Ночные выплаты" });
    const list = ContentListResponse.parse(await ok("/content/news?lang=uk")).data;
    const titles = list.items.map((item) => item.title);
    expect(titles).toEqual([
      "Святковий графік",
      "Знизили комісію",
      "Ночные выплаты",
      "Додали TON",
      "Запуск сервісу",
    ]);
    const hostile = ContentPageResponse.parse(await ok("/content/pages/hostile?lang=en")).data;
    expect(hostile.lang).toBe("ru");
  });

  it("serves the blog list and posts the same way", async () => {
    const list = ContentListResponse.parse(await ok("/content/blog?lang=en&per_page=1")).data;
    expect(list).toMatchObject({ total: 2, pages: 2, page: 1 });
    expect(list.items.map((item) => item.slug)).toEqual(["safe-wallets"]);
    const post = ContentArticleResponse.parse(await ok("/content/blog/what-is-trc20?lang=en")).data;
    expect(post).toMatchObject({ title: "What TRC20 is", lang: "en" });
    expect(post.published_at).toBe("2026-02-01T00:00:00.000Z");
  });

  it("answers the FAQ in position order with section keys and rendered answers", async () => {
    const faq = FaqListResponse.parse(await ok("/content/faq?lang=en")).data;
    expect(faq.items).toEqual([
      {
        slug: "how-long",
        section: "exchange",
        question: "How long does an exchange take?",
        html: "<p>Usually <strong>15 minutes</strong>.</p>\n",
      },
      {
        slug: "late-payment",
        section: "payment",
        question: "What if I paid late?",
        html: "<p>We recalculate at the current rate.</p>\n",
      },
      {
        slug: "two-factor",
        section: "security",
        question: "Do I need two-factor protection?",
        html: "<p>Yes, turn it on in your profile.</p>\n",
      },
    ]);
  });

  it("indexes pages, news and blog for the sitemap, without a language", async () => {
    const index = ContentIndexResponse.parse(await ok("/content/index")).data;
    expect(index.pages.map((entry) => entry.slug)).toEqual(["about", "hostile"]);
    expect(index.news.map((entry) => entry.slug)).toEqual(NEWS_NEWEST_FIRST);
    expect(index.blog.map((entry) => entry.slug)).toEqual(["safe-wallets", "what-is-trc20"]);
    for (const entry of [...index.pages, ...index.news, ...index.blog]) {
      expect(Date.parse(entry.updated_at)).not.toBeNaN();
    }
  });

  it("shows only published entries", async () => {
    const feeCut = and(eq(contentEntries.kind, "news"), eq(contentEntries.slug, "fee-cut"));
    await api.db.update(contentEntries).set({ published: false }).where(feeCut);
    await api.deps.contentChanges.publish();
    try {
      expect((await getContent(api, "/content/news/fee-cut?lang=en")).status).toBe(404);
      const list = ContentListResponse.parse(await ok("/content/news")).data;
      expect(list.total).toBe(4);
      expect(list.items.map((item) => item.slug)).not.toContain("fee-cut");
      const index = ContentIndexResponse.parse(await ok("/content/index")).data;
      expect(index.news.map((entry) => entry.slug)).not.toContain("fee-cut");
    } finally {
      await api.db.update(contentEntries).set({ published: true }).where(feeCut);
      await api.deps.contentChanges.publish();
    }
    expect((await getContent(api, "/content/news/fee-cut")).status).toBe(200);
  });

  it("is described in the OpenAPI document with the API-key scheme", async () => {
    const openApi = (await api.app.inject({ method: "GET", url: "/rest/openapi.json" })).json();
    for (const path of [
      "/content/pages/{slug}",
      "/content/news",
      "/content/news/{slug}",
      "/content/blog",
      "/content/blog/{slug}",
      "/content/faq",
      "/content/index",
    ]) {
      expect(Object.keys(openApi.paths[path] ?? {}), path).toEqual(["get"]);
      expect(openApi.paths[path].get.security).toEqual([{ ApiKey: [] }]);
    }
    expect(openApi.components.securitySchemes.ApiKey).toEqual({
      type: "apiKey",
      in: "header",
      name: "X-Api-Key",
    });
    const listParameters = openApi.paths["/content/news"].get.parameters.map(
      (parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`,
    );
    expect(listParameters).toEqual(["query:lang", "query:page", "query:per_page"]);
    const pageParameters = openApi.paths["/content/pages/{slug}"].get.parameters;
    expect(pageParameters[0]).toMatchObject({ name: "slug", in: "path", required: true });
    expect(
      openApi.paths["/content/faq"].get.responses["200"].content["application/json"].schema
        .properties.data.properties.items.items.properties.section.enum,
    ).toEqual(["exchange", "payment", "security", "account", "partner"]);
  });
});
