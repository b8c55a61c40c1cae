import { auditLog, contentEntries, seedContent } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_FIXTURES, getContent } from "../content/content-test-kit.ts";
import type { TestApi } from "../support/test-api.ts";
import {
  type AdminTestApi,
  adminCall,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

/**
 * The editor's content calls (issue 14, decision 032): what the console writes is what the
 * public `/content/*` calls serve, at once (the content cache is dropped on every change),
 * with an audit row for each change, and refusals under the field they concern.
 */
describe("the console's content editor", () => {
  let api: AdminTestApi;
  let editor: string;
  const site = (url: string) => getContent(api as unknown as TestApi, url);

  beforeAll(async () => {
    api = await startAdminApi({ seed: false });
    await seedContent(api.db, { folder: CONTENT_FIXTURES });
    editor = (await signInEveryRole(api)).editor;
  });
  afterAll(() => api.close());

  const call = (method: "GET" | "POST" | "PATCH", url: string, body?: unknown, lang?: string) =>
    adminCall(api, method, url, { cookie: editor, body, lang });

  const NEWS = {
    kind: "news",
    slug: "midnight-desk",
    translations: {
      ru: {
        title: "Касса в полночь",
        description: "Теперь и в полночь.",
        body: "Платим **круглосуточно**.",
      },
      en: {
        title: "Midnight desk",
        description: "At midnight too.",
        body: "We pay **round the clock**.",
      },
    },
  };

  it("publishes a news item that the site serves at once, in its languages, and audits it", async () => {
    // The site has served (and cached) the news list before the item exists.
    const before = (await site("/content/news?lang=en")).body!.data.total as number;
    const created = await call("POST", "/admin/api/content", NEWS);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const entry = created.body.data;
    expect(entry).toMatchObject({
      kind: "news",
      slug: "midnight-desk",
      section: null,
      published: true,
      site_path: "/news/midnight-desk",
      translations: { uk: null, en: { title: "Midnight desk" } },
    });

    const en = await site("/content/news/midnight-desk?lang=en");
    expect(en.status).toBe(200);
    expect(en.body!.data.title).toBe("Midnight desk");
    expect(en.body!.data.html).toContain("<strong>round the clock</strong>");
    const list = (await site("/content/news?lang=en")).body!.data;
    expect(list.total).toBe(before + 1);
    expect(list.items.map((item: { slug: string }) => item.slug)).toContain("midnight-desk");
    // No Ukrainian text: the Ukrainian reader gets the Russian one, as for seeded texts.
    const uk = (await site("/content/news/midnight-desk?lang=uk")).body!.data;
    expect(uk).toMatchObject({ lang: "ru", title: "Касса в полночь" });

    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "content.create"), eq(auditLog.targetId, String(entry.id))));
    expect(audit?.operatorId).toBeTruthy();
    expect(audit?.after).toMatchObject({ slug: "midnight-desk", translations: { uk: null } });
  });

  it("changes one language and leaves the others; the site shows the change at once", async () => {
    const [row] = await api.db
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, "news"), eq(contentEntries.slug, "midnight-desk")));
    const uk = {
      title: "Каса опівночі",
      description: "Тепер і опівночі.",
      body: "Платимо цілодобово.",
    };
    const patched = await call("PATCH", `/admin/api/content/${row!.id}`, {
      translations: { uk },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.translations.uk).toMatchObject(uk);
    expect(patched.body.data.translations.en.title).toBe("Midnight desk");
    expect((await site("/content/news/midnight-desk?lang=uk")).body!.data).toMatchObject({
      lang: "uk",
      title: "Каса опівночі",
    });

    const removed = await call("PATCH", `/admin/api/content/${row!.id}`, {
      translations: { en: null },
    });
    expect(removed.body.data.translations.en).toBeNull();
    expect((await site("/content/news/midnight-desk?lang=en")).body!.data.lang).toBe("ru");

    const audits = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "content.update"), eq(auditLog.targetId, String(row!.id))))
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(2);
    // Only what changed: the one language, not the text's other languages or its facts.
    expect(audits[0]!.before).toEqual({ translations: { uk: null } });
    expect(audits[0]!.after).toEqual({
      translations: {
        uk: {
          title: "Каса опівночі",
          description: "Тепер і опівночі.",
          body: "Платимо цілодобово.",
        },
      },
    });
  });

  it("keeps both of two editors' saves made at once to different languages", async () => {
    const [row] = await api.db
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, "blog"), eq(contentEntries.slug, "safe-wallets")));
    const url = `/admin/api/content/${row!.id}`;
    const [english, ukrainian] = await Promise.all([
      call("PATCH", url, { translations: { en: { title: "Safe wallets, again", body: "En." } } }),
      call("PATCH", url, { translations: { uk: { title: "Надійні гаманці", body: "Uk." } } }),
    ]);
    expect([english.status, ukrainian.status]).toEqual([200, 200]);
    const saved = (await call("GET", url)).body.data.translations;
    expect(saved.en.title).toBe("Safe wallets, again");
    expect(saved.uk.title).toBe("Надійні гаманці");
  });

  it("unpublishes and publishes again: the site hides and shows the text at once", async () => {
    const list = await call("GET", "/admin/api/content?kind=page");
    const about = list.body.data.items.find((item: { slug: string }) => item.slug === "about");
    expect(about).toMatchObject({ published: true, site_path: "/about" });
    expect(about.titles.en).toBe("About us");

    const hidden = await call("PATCH", `/admin/api/content/${about.id}`, { published: false });
    expect(hidden.status).toBe(200);
    expect((await site("/content/pages/about?lang=en")).status).toBe(404);
    // Still in the console, marked unpublished.
    const again = await call("GET", "/admin/api/content?kind=page&q=about");
    expect(again.body.data.items.map((item: { published: boolean }) => item.published)).toEqual([
      false,
    ]);

    const shown = await call("PATCH", `/admin/api/content/${about.id}`, { published: true });
    expect(shown.status).toBe(200);
    expect((await site("/content/pages/about?lang=en")).status).toBe(200);
    const actions = await api.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(about.id)))
      .orderBy(auditLog.id);
    expect(actions).toEqual([
      { action: "content.unpublish", before: { published: true }, after: { published: false } },
      { action: "content.publish", before: { published: false }, after: { published: true } },
    ]);
  });

  it("finds texts by title in any language and by slug, published or not", async () => {
    const byTitle = await call("GET", `/admin/api/content?q=${encodeURIComponent("опівночі")}`);
    expect(byTitle.body.data.items.map((item: { slug: string }) => item.slug)).toEqual([
      "midnight-desk",
    ]);
    const faq = await call("GET", "/admin/api/content?kind=faq");
    expect(faq.body.data.total).toBe(3);
    expect(faq.body.data.items.every((item: { section: string | null }) => item.section)).toBe(
      true,
    );
    const none = await call("GET", "/admin/api/content?q=100%25");
    expect(none.body.data).toMatchObject({ items: [], total: 0 });
    const badKind = await call("GET", "/admin/api/content?kind=poem");
    expect(badKind.status).toBe(400);
    expect(badKind.body.error.code).toBe("INVALID_QUERY");
  });

  it("refuses what the site could not serve, under the field, in the editor's language", async () => {
    const faqWithoutSection = await call(
      "POST",
      "/admin/api/content",
      { ...NEWS, kind: "faq", slug: "midnight" },
      "uk",
    );
    expect(faqWithoutSection.status).toBe(422);
    expect(faqWithoutSection.body.error.fields).toEqual({ section: "Розділ — обов’язкове поле" });

    const newsWithSection = await call("POST", "/admin/api/content", {
      ...NEWS,
      slug: "other",
      section: "payment",
    });
    expect(newsWithSection.body.error.fields.section).toBe(
      "Раздел указывается только для вопросов FAQ.",
    );

    const badSlug = await call("POST", "/admin/api/content", { ...NEWS, slug: "Night Payouts" });
    expect(badSlug.status).toBe(422);
    expect(Object.keys(badSlug.body.error.fields)).toEqual(["slug"]);

    const page = await call("POST", "/admin/api/content", { ...NEWS, kind: "page", slug: "new" });
    expect(page.status).toBe(422);
    expect(Object.keys(page.body.error.fields)).toEqual(["kind"]);

    const noRussian = await call("POST", "/admin/api/content", {
      kind: "blog",
      slug: "english-only",
      translations: { en: NEWS.translations.en },
    });
    expect(Object.keys(noRussian.body.error.fields)).toEqual(["translations.ru"]);

    const emptyTitle = await call("POST", "/admin/api/content", {
      ...NEWS,
      slug: "empty-title",
      translations: { ru: { ...NEWS.translations.ru, title: "   " } },
    });
    expect(Object.keys(emptyTitle.body.error.fields)).toEqual(["translations.ru.title"]);

    const taken = await call("POST", "/admin/api/content", NEWS, "en");
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields).toEqual({ slug: "This name is already taken." });

    const [row] = await api.db
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(eq(contentEntries.slug, "midnight-desk"));
    const url = `/admin/api/content/${row!.id}`;
    const dropRussian = await call("PATCH", url, { translations: { ru: null } });
    expect(Object.keys(dropRussian.body.error.fields)).toEqual(["translations.ru"]);
    const unknownLanguage = await call("PATCH", url, {
      translations: { de: NEWS.translations.en },
    });
    expect(Object.keys(unknownLanguage.body.error.fields)).toEqual(["translations.de"]);
    const nothing = await call("PATCH", url, {});
    expect(nothing.status).toBe(422);
    const renameOnto = await call("PATCH", url, { slug: "ton-added" });
    expect(renameOnto.status).toBe(409);
    const missing = await call("PATCH", "/admin/api/content/999999", { published: false });
    expect(missing.status).toBe(404);
    expect((await call("GET", "/admin/api/content/999999")).status).toBe(404);
  });

  it("keeps raw HTML in a body as text on the site (Markdown only, decision 010)", async () => {
    const created = await call("POST", "/admin/api/content", {
      kind: "blog",
      slug: "html-attempt",
      translations: {
        ru: { title: "Попытка", body: 'Текст <script>alert(1)</script> <img src=x onerror="x()">' },
      },
    });
    expect(created.status).toBe(200);
    const html = (await site("/content/blog/html-attempt?lang=ru")).body!.data.html as string;
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });
});
