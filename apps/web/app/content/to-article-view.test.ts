import { describe, expect, it } from "vitest";
import { toArticleView } from "./to-article-view.ts";

const ARTICLE = {
  slug: "ton-support",
  lang: "ru" as const,
  title: "Добавили Toncoin",
  description: "TON теперь можно обменять.",
  html: '<p>См. <a href="/rules">правила</a>.</p>',
  published_at: "2026-05-19T09:00:00.000Z",
  updated_at: "2026-05-20T23:30:00.000Z",
};

describe("toArticleView", () => {
  it("points the text's links into the reader's language and keeps the text's own language", () => {
    const view = toArticleView(ARTICLE, "en");
    expect(view.html).toBe('<p>См. <a href="/en/rules">правила</a>.</p>');
    expect(view.lang).toBe("ru");
    expect(view.title).toBe("Добавили Toncoin");
  });

  it("formats the dates for the page's locale, by the UTC day", () => {
    const en = toArticleView(ARTICLE, "en");
    expect(en.published).toEqual({ iso: ARTICLE.published_at, text: "May 19, 2026" });
    expect(en.updated.text).toBe("May 20, 2026");
    expect(toArticleView(ARTICLE, "uk").published?.text).toBe("19 травня 2026 р.");
    expect(toArticleView(ARTICLE, "ru").published?.text).toBe("19 мая 2026 г.");
  });

  it("has no publication date for a static page", () => {
    const { published_at: _, ...page } = ARTICLE;
    expect(toArticleView(page, "ru").published).toBeNull();
  });
});
