import { contentEntries, contentTranslations, readContentFolder, seedContent } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentCache } from "../../src/content/content-cache.ts";
import { createLocalCatalogueChanges } from "../../src/index.ts";
import type { TestApi } from "../support/test-api.ts";
import { CONTENT_FIXTURES, getContent, startContentApi } from "./content-test-kit.ts";

describe("content caching", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startContentApi();
  });
  afterAll(() => api.close());

  const aboutEn = async () => {
    const [row] = await api.db
      .select({ id: contentTranslations.id })
      .from(contentTranslations)
      .innerJoin(contentEntries, eq(contentEntries.id, contentTranslations.entryId))
      .where(
        and(
          eq(contentEntries.kind, "page"),
          eq(contentEntries.slug, "about"),
          eq(contentTranslations.locale, "en"),
        ),
      );
    return eq(contentTranslations.id, row!.id);
  };
  const titleOf = async (url: string) => (await getContent(api, url)).body!.data.title as string;

  it("serves from memory until a content change is published, then reloads", async () => {
    expect(await titleOf("/content/pages/about?lang=en")).toBe("About us");
    const row = await aboutEn();
    await api.db.update(contentTranslations).set({ title: "About Obmen" }).where(row);
    try {
      // Cached: the database edit is not seen until someone announces it.
      expect(await titleOf("/content/pages/about?lang=en")).toBe("About us");
      await api.deps.contentChanges.publish();
      expect(await titleOf("/content/pages/about?lang=en")).toBe("About Obmen");
      // Other languages were rebuilt too, and are unchanged.
      expect(await titleOf("/content/pages/about?lang=uk")).toBe("Про сервіс");
    } finally {
      await api.db.update(contentTranslations).set({ title: "About us" }).where(row);
      await api.deps.contentChanges.publish();
    }
  });

  it("is not dropped by catalogue changes (orders publish those all the time)", async () => {
    expect(await titleOf("/content/pages/about?lang=en")).toBe("About us");
    const row = await aboutEn();
    await api.db.update(contentTranslations).set({ title: "Changed quietly" }).where(row);
    try {
      await api.catalogueChanges.publish();
      expect(await titleOf("/content/pages/about?lang=en")).toBe("About us");
    } finally {
      await api.db.update(contentTranslations).set({ title: "About us" }).where(row);
      await api.deps.contentChanges.publish();
    }
  });

  it("picks up a re-seed once the seed's change is published", async () => {
    const entries = readContentFolder(CONTENT_FIXTURES).map((entry) =>
      entry.kind === "page" && entry.slug === "about"
        ? {
            ...entry,
            translations: entry.translations.map((translation) =>
              translation.locale === "en"
                ? { ...translation, title: "About the exchange" }
                : translation,
            ),
          }
        : entry,
    );
    const result = await seedContent(api.db, { entries });
    expect(result).toEqual({ inserted: 0, updated: 1, changed: true });
    await api.deps.contentChanges.publish();
    expect(await titleOf("/content/pages/about?lang=en")).toBe("About the exchange");
    expect(await seedContent(api.db, { folder: CONTENT_FIXTURES })).toMatchObject({ updated: 1 });
    await api.deps.contentChanges.publish();
    expect(await titleOf("/content/pages/about?lang=en")).toBe("About us");
  });

  it("sends a short public Cache-Control and a strong ETag, and 304 when it matches", async () => {
    const first = await getContent(api, "/content/news?lang=en&per_page=2");
    expect(first.headers["cache-control"]).toBe("public, max-age=60");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect((await getContent(api, "/content/news?lang=en&per_page=2")).headers.etag).toBe(etag);
    expect((await getContent(api, "/content/news?lang=uk&per_page=2")).headers.etag).not.toBe(etag);

    const revalidated = await getContent(api, "/content/news?lang=en&per_page=2", {
      headers: { "if-none-match": `W/${etag}, "other"` },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers["cache-control"]).toBe("public, max-age=60");

    const stale = await getContent(api, "/content/news?lang=en&per_page=2", {
      headers: { "if-none-match": '"something-else"' },
    });
    expect(stale.status).toBe(200);
  });

  it("changes the ETag when the text changes", async () => {
    const before = (await getContent(api, "/content/faq?lang=en")).headers.etag;
    const faq = eq(contentEntries.slug, "two-factor");
    await api.db.update(contentEntries).set({ position: 0 }).where(faq);
    await api.deps.contentChanges.publish();
    try {
      const after = await getContent(api, "/content/faq?lang=en", {
        headers: { "if-none-match": before as string },
      });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before);
      expect(after.body!.data.items[0].slug).toBe("two-factor");
    } finally {
      await api.db.update(contentEntries).set({ position: 10 }).where(faq);
      await api.deps.contentChanges.publish();
    }
  });

  it("loads once for a burst of readers, and again after each change", async () => {
    const changes = createLocalCatalogueChanges();
    let loads = 0;
    const cache = createContentCache({
      changes,
      load: async () => {
        loads++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [];
      },
    });
    await Promise.all(Array.from({ length: 20 }, () => cache.get()));
    expect(loads).toBe(1);
    const snapshot = await cache.get();
    expect(snapshot.answer("x", () => ({ a: 1 }))).toBe(snapshot.answer("x", () => ({ a: 2 })));
    expect(snapshot.answer("missing", () => undefined)).toBeNull();
    await changes.publish();
    await cache.get();
    expect(loads).toBe(2);
  });
});
