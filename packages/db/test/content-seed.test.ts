import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  contentEntries,
  contentTranslations,
  readContentFolder,
  seedContent,
} from "../src/index.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A seed folder made of `relative path → file text`, removed after the test. */
function contentFolder(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "obmen-content-"));
  folders.push(root);
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  }
  return root;
}

const md = (front: Record<string, string>, body: string) =>
  `---\n${Object.entries(front)
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n")}\n---\n\n${body}\n`;

const BASIC = {
  "pages/about.ru.md": md({ title: "О нас", description: "Кто мы." }, "Текст о нас."),
  "pages/about.en.md": md({ title: "About", description: "Who we are." }, "About text."),
  "news/2026-03-01-launch.ru.md": md({ title: "Запуск", description: "Мы открылись." }, "Ура."),
  "news/2026-03-01-launch.uk.md": md({ title: "Запуск", description: "Ми відкрилися." }, "Ура!"),
  "blog/2026-01-31-networks.ru.md": md(
    { title: '"Сети: TRC20 и ERC20"', description: "Разбор сетей." },
    "## Сети\n\nTRC20 дешевле.",
  ),
  "faq/07-how-long.ru.md": md(
    { title: "Сколько ждать?", section: "exchange" },
    "Обычно **15 минут**.",
  ),
  "faq/07-how-long.en.md": md({ title: "How long?", section: "exchange" }, "Usually 15 min."),
  "faq/README.txt": "not a text: ignored",
};

describe("readContentFolder", () => {
  it("reads kind, slug, date, position, section and every translation", () => {
    const entries = readContentFolder(contentFolder(BASIC));
    const bySlug = new Map(entries.map((entry) => [`${entry.kind}/${entry.slug}`, entry]));
    expect([...bySlug.keys()].sort()).toEqual([
      "blog/networks",
      "faq/how-long",
      "news/launch",
      "page/about",
    ]);
    expect(bySlug.get("news/launch")).toMatchObject({
      position: 0,
      section: null,
      publishedAt: new Date("2026-03-01T00:00:00.000Z"),
    });
    expect(bySlug.get("faq/how-long")).toMatchObject({
      position: 7,
      section: "exchange",
      publishedAt: null,
    });
    const blogRu = bySlug.get("blog/networks")!.translations[0]!;
    expect(blogRu).toEqual({
      locale: "ru",
      title: "Сети: TRC20 и ERC20",
      description: "Разбор сетей.",
      body: "## Сети\n\nTRC20 дешевле.",
    });
    const faq = bySlug.get("faq/how-long")!;
    expect(faq.translations.map((translation) => translation.locale).sort()).toEqual(["en", "ru"]);
    expect(faq.translations.find((translation) => translation.locale === "en")).toMatchObject({
      title: "How long?",
      description: "",
    });
  });

  it("stops on a file that breaks the rules, naming it", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ "pages/about.de.md": md({ title: "x" }, "x") }, /pages\/about\.de\.md: expected/],
      [{ "news/launch.ru.md": md({ title: "x" }, "x") }, /news\/launch\.ru\.md: expected/],
      [{ "news/2026-02-30-x.ru.md": md({ title: "x" }, "x") }, /not a calendar date/],
      [{ "pages/About.ru.md": md({ title: "x" }, "x") }, /About\.ru\.md: expected/],
      [{ "pages/about.ru.md": md({ description: "x" }, "x") }, /needs a title/],
      [{ "pages/about.ru.md": md({ title: "x", descripton: "typo" }, "x") }, /"descripton"/],
      [{ "pages/about.ru.md": md({ title: "x", section: "payment" }, "x") }, /only FAQ/],
      [{ "faq/01-a.ru.md": md({ title: "x" }, "x") }, /section must be one of/],
      [{ "faq/01-a.ru.md": md({ title: "x", section: "misc" }, "x") }, /section must be one of/],
      [{ "pages/about.ru.md": md({ title: "x" }, "   ") }, /body is empty/],
      [{ "pages/about.ru.md": "---\ntitle: x\nno closing line\n" }, /no closing "---"/],
      [{ "pages/about.ru.md": "---\ntitle: [unclosed\n---\nx" }, /not valid YAML/],
      [{ "pages/about.en.md": md({ title: "x" }, "x") }, /page "about" has no ru file/],
      [
        {
          "faq/01-a.ru.md": md({ title: "x", section: "payment" }, "x"),
          "faq/01-a.en.md": md({ title: "x", section: "account" }, "x"),
        },
        /faq\/01-a\.ru\.md: its section, number or date differs/,
      ],
      [
        {
          "news/2026-01-01-a.ru.md": md({ title: "x" }, "x"),
          "news/2026-01-02-a.en.md": md({ title: "x" }, "x"),
        },
        /differs/,
      ],
    ];
    for (const [files, message] of cases) {
      expect(() => readContentFolder(contentFolder(files)), message.source).toThrow(message);
    }
  });

  it("reads the shipped texts: every entry in ru, en and uk", () => {
    const entries = readContentFolder();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const locales = entry.translations.map((translation) => translation.locale).sort();
      expect(locales, `${entry.kind}/${entry.slug}`).toEqual(["en", "ru", "uk"]);
    }
  });
});

describe("seedContent", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test?.close());

  const rows = async () => ({
    entries: await test.db.select().from(contentEntries).orderBy(contentEntries.id),
    translations: await test.db.select().from(contentTranslations).orderBy(contentTranslations.id),
  });
  const translation = async (kind: "page" | "news", slug: string, locale: string) => {
    const [row] = await test.db
      .select({ translation: contentTranslations })
      .from(contentTranslations)
      .innerJoin(contentEntries, eq(contentEntries.id, contentTranslations.entryId))
      .where(
        and(
          eq(contentEntries.kind, kind),
          eq(contentEntries.slug, slug),
          eq(contentTranslations.locale, locale),
        ),
      );
    return row?.translation;
  };

  it("inserts everything once; a second run writes nothing", async () => {
    const folder = contentFolder(BASIC);
    expect(await seedContent(test.db, { folder })).toEqual({
      inserted: 4 + 7,
      updated: 0,
      changed: true,
    });
    const first = await rows();
    expect(first.entries.map((entry) => `${entry.kind}/${entry.slug}`)).toEqual(
      expect.arrayContaining(["page/about", "news/launch", "blog/networks", "faq/how-long"]),
    );
    const launch = first.entries.find((entry) => entry.slug === "launch")!;
    expect(launch.publishedAt.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(launch.published).toBe(true);

    expect(await seedContent(test.db, { folder })).toEqual({
      inserted: 0,
      updated: 0,
      changed: false,
    });
    expect(await rows()).toEqual(first);
  });

  it("two starts at once still write each text once", async () => {
    const folder = contentFolder({
      ...BASIC,
      "pages/rules.ru.md": md({ title: "Правила" }, "Правила обмена."),
    });
    const results = await Promise.all([
      seedContent(test.db, { folder }),
      seedContent(test.db, { folder }),
    ]);
    expect(results.map((result) => result.inserted).sort()).toEqual([0, 2]);
    const rules = (await rows()).entries.filter((entry) => entry.slug === "rules");
    expect(rules).toHaveLength(1);
  });

  it("brings a corrected seed text into an untouched row, and adds new translations", async () => {
    const {
      "news/2026-03-01-launch.ru.md": _oldRu,
      "news/2026-03-01-launch.uk.md": _oldUk,
      ...unchanged
    } = BASIC;
    const folder = contentFolder({
      ...unchanged,
      "pages/about.en.md": md({ title: "About Obmen", description: "Who we are." }, "Fixed."),
      "pages/about.uk.md": md({ title: "Про нас", description: "Хто ми." }, "Текст."),
      "news/2026-03-02-launch.ru.md": md({ title: "Запуск", description: "Мы открылись." }, "Ура."),
      "news/2026-03-02-launch.uk.md": md(
        { title: "Запуск", description: "Ми відкрилися." },
        "Ура!",
      ),
    });
    const before = await translation("page", "about", "en");
    expect(await seedContent(test.db, { folder })).toEqual({
      inserted: 1,
      updated: 2,
      changed: true,
    });
    const after = await translation("page", "about", "en");
    expect(after).toMatchObject({ id: before!.id, title: "About Obmen", body: "Fixed." });
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
    expect(await translation("page", "about", "uk")).toMatchObject({ title: "Про нас" });
    const [launch] = await test.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.slug, "launch"));
    expect(launch!.publishedAt.toISOString()).toBe("2026-03-02T00:00:00.000Z");
  });

  it("never overwrites an operator's edit, nor republishes a hidden text", async () => {
    const row = await translation("page", "about", "en");
    await test.db
      .update(contentTranslations)
      .set({ title: "Operator's own title" })
      .where(eq(contentTranslations.id, row!.id));
    await test.db
      .update(contentEntries)
      .set({ published: false })
      .where(eq(contentEntries.slug, "networks"));
    const edited = await rows();

    const folder = contentFolder({
      ...BASIC,
      "pages/about.en.md": md({ title: "Seed title v3", description: "Who we are." }, "v3"),
      "blog/2026-01-31-networks.ru.md": md({ title: "Сети, v3" }, "Новый текст."),
    });
    // Updated: the untouched blog text, and the untouched launch date going back to 03-01.
    expect(await seedContent(test.db, { folder })).toEqual({
      inserted: 0,
      updated: 2,
      changed: true,
    });
    const after = await rows();
    expect(await translation("page", "about", "en")).toMatchObject({
      title: "Operator's own title",
    });
    const networks = after.entries.find((entry) => entry.slug === "networks")!;
    expect(networks.published).toBe(false);
    // The seed still corrects the untouched blog text, only its visibility is the operator's.
    const networksRu = after.translations.find((t) => t.entryId === networks.id)!;
    expect(networksRu.title).toBe("Сети, v3");
    // Nothing is deleted: texts missing from this folder (uk about, launch, rules) remain.
    expect(after.entries.length).toBe(edited.entries.length);
    expect(after.translations.length).toBe(edited.translations.length);
  });

  it("refuses rows the schema forbids (section outside FAQ, bad slug, duplicate)", async () => {
    await expect(
      test.db.insert(contentEntries).values({ kind: "news", slug: "x", section: "payment" }),
    ).rejects.toThrow();
    await expect(
      test.db.insert(contentEntries).values({ kind: "faq", slug: "no-section" }),
    ).rejects.toThrow();
    await expect(
      test.db.insert(contentEntries).values({ kind: "page", slug: "Bad Slug" }),
    ).rejects.toThrow();
    await expect(
      test.db.insert(contentEntries).values({ kind: "page", slug: "about" }),
    ).rejects.toThrow();
    const [about] = await test.db
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.slug, "about"));
    await expect(
      test.db
        .insert(contentTranslations)
        .values({ entryId: about!.id, locale: "ru", title: "x", body: "x" }),
    ).rejects.toThrow();
    await expect(
      test.db
        .insert(contentTranslations)
        .values({ entryId: about!.id, locale: "de", title: "x", body: "x" }),
    ).rejects.toThrow();
    const { rows: counts } = await test.db.execute<{ total: string }>(
      sql`select count(*)::text as total from content_entries where slug in ('x', 'no-section')`,
    );
    expect(counts[0]!.total).toBe("0");
  });
});
