import { type AdminContentEntry, FAQ_SECTIONS as SITE_SECTIONS } from "@obmen/contracts";
import { describe, expect, it } from "vitest";
import {
  createRequest,
  draftOf,
  FAQ_SECTIONS,
  languageOfField,
  patchRequest,
} from "./content-draft.ts";

const ENTRY: AdminContentEntry = {
  id: 7,
  kind: "news",
  slug: "launch",
  section: null,
  position: 0,
  published: true,
  published_at: "2026-01-05T09:00:00.000Z",
  updated_at: "2026-01-05T09:00:00.000Z",
  site_path: "/news/launch",
  translations: {
    ru: { title: "Запуск", description: "", body: "Текст", updated_at: "2026-01-05T09:00:00.000Z" },
    en: { title: "Launch", description: "", body: "Text", updated_at: "2026-01-05T09:00:00.000Z" },
    uk: null,
  },
};

describe("the content editor's requests", () => {
  it("sends nothing when nothing changed", () => {
    expect(patchRequest(draftOf(ENTRY), draftOf(ENTRY))).toBeNull();
  });

  it("sends only the language that changed, and removes one emptied", () => {
    const before = draftOf(ENTRY);
    const draft = draftOf(ENTRY);
    draft.translations.uk = { title: "Запуск", description: "", body: "Текст українською" };
    draft.translations.en = { title: "", description: "", body: "" };
    expect(patchRequest(before, draft)).toEqual({
      translations: {
        uk: { title: "Запуск", description: "", body: "Текст українською" },
        en: null,
      },
    });
  });

  it("never removes Russian: an emptied Russian text goes to the API, which refuses it", () => {
    const draft = draftOf(ENTRY);
    draft.translations.ru = { title: "", description: "", body: "" };
    expect(patchRequest(draftOf(ENTRY), draft)).toEqual({
      translations: { ru: { title: "", description: "", body: "" } },
    });
  });

  it("publishes or hides with the one key", () => {
    const draft = draftOf(ENTRY);
    draft.published = false;
    expect(patchRequest(draftOf(ENTRY), draft)).toEqual({ published: false });
  });

  it("creates with the languages filled in, a section only for FAQ", () => {
    const draft = draftOf(null);
    draft.slug = " night ";
    draft.section = "payment";
    draft.translations.ru = { title: "Ночью", description: "", body: "Да" };
    expect(createRequest(draft)).toEqual({
      kind: "news",
      slug: "night",
      section: null,
      published: true,
      translations: { ru: { title: "Ночью", description: "", body: "Да" } },
    });
    draft.kind = "faq";
    draft.position = "3";
    expect(createRequest(draft)).toMatchObject({ section: "payment", position: 3 });
    draft.position = "three";
    expect(createRequest(draft)).toMatchObject({ position: "three" });
  });

  it("finds the language tab of a field error", () => {
    expect(languageOfField("translations.en.title")).toBe("en");
    expect(languageOfField("translations.ru")).toBe("ru");
    expect(languageOfField("slug")).toBeNull();
  });

  it("offers the site's FAQ sections, all of them", () => {
    expect(FAQ_SECTIONS).toEqual(SITE_SECTIONS);
  });
});
