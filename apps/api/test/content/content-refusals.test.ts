import { apiClients, contentEntries, contentTranslations } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HMAC_CLIENT, type TestApi } from "../support/test-api.ts";
import { getContent, startContentApi } from "./content-test-kit.ts";

describe("GET /content/* refusals", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startContentApi();
  });
  afterAll(() => api.close());

  /** Everything a refusal could have touched: the texts and the clients. */
  const state = async () => ({
    entries: await api.db.select().from(contentEntries).orderBy(contentEntries.id),
    translations: await api.db.select().from(contentTranslations).orderBy(contentTranslations.id),
    clients: await api.db.select().from(apiClients).orderBy(apiClients.id),
  });

  const refused = async (
    url: string,
    expected: { status: number; code: string; message: string },
    options: Parameters<typeof getContent>[2] = {},
  ) => {
    const before = await state();
    const { status, body, headers } = await getContent(api, url, options);
    expect({ status, code: body?.error?.code, message: body?.error?.message }).toEqual(expected);
    expect(headers["content-type"]).toMatch(/^application\/json/);
    expect(headers.etag).toBeUndefined();
    expect(await state()).toEqual(before);
    return body!.error as { code: string; message: string; fields?: Record<string, string> };
  };

  it("refuses a missing, unknown or deactivated API key with 401 in the asked language", async () => {
    await refused(
      "/content/pages/about?lang=en",
      { status: 401, code: "UNKNOWN_CLIENT", message: "Unknown API key." },
      { key: null },
    );
    await refused(
      "/content/news?lang=uk",
      { status: 401, code: "UNKNOWN_CLIENT", message: "Невідомий ключ API." },
      { key: "pk_nobody" },
    );
    await refused(
      "/content/faq",
      { status: 401, code: "UNKNOWN_CLIENT", message: "Неизвестный ключ API." },
      { key: "" },
    );
    await refused(
      "/content/index?lang=en",
      { status: 401, code: "UNKNOWN_CLIENT", message: "Unknown API key." },
      { key: "k".repeat(500) },
    );

    // Not refused as unknown while the row exists: refused because it is not active.
    await api.db.insert(apiClients).values({
      name: "retired-partner",
      publicKey: "pk_retired_0001",
      secret: "r".repeat(40),
      active: false,
    });
    await refused(
      "/content/pages/about?lang=en",
      { status: 401, code: "UNKNOWN_CLIENT", message: "Unknown API key." },
      { key: "pk_retired_0001" },
    );
  });

  it("accepts any active client's public key, not only one", async () => {
    const response = await getContent(api, "/content/faq?lang=en", {
      key: HMAC_CLIENT.publicKey,
    });
    expect(response.status).toBe(200);
    expect(response.body!.data.items).toHaveLength(3);
  });

  it("refuses a bad lang with 400 INVALID_QUERY, worded by Accept-Language or in Russian", async () => {
    const error = await refused("/content/pages/about?lang=de", {
      status: 400,
      code: "INVALID_QUERY",
      message: "Неверные параметры запроса.",
    });
    expect(error.fields).toEqual({ lang: "lang: недопустимое значение" });
    const english = await refused(
      "/content/faq?lang=EN",
      { status: 400, code: "INVALID_QUERY", message: "The query parameters are invalid." },
      { headers: { "accept-language": "en-GB,en;q=0.9" } },
    );
    expect(english.fields).toEqual({ lang: "lang has an invalid value" });
  });

  it("refuses bad page numbers and sizes, naming each parameter", async () => {
    for (const query of ["page=0", "page=-1", "page=1.5", "page=abc", "page=", "page=%201"]) {
      const error = await refused(`/content/news?lang=en&${query}`, {
        status: 400,
        code: "INVALID_QUERY",
        message: "The query parameters are invalid.",
      });
      expect(error.fields, query).toEqual({ page: "Page has an invalid value" });
    }
    for (const query of ["per_page=0", "per_page=51", "per_page=1e1"]) {
      const error = await refused(`/content/blog?lang=en&${query}`, {
        status: 400,
        code: "INVALID_QUERY",
        message: "The query parameters are invalid.",
      });
      expect(error.fields, query).toEqual({ per_page: "per_page has an invalid value" });
    }
    const both = await refused("/content/news?lang=uk&page=0&per_page=100", {
      status: 400,
      code: "INVALID_QUERY",
      message: "Неправильні параметри запиту.",
    });
    expect(both.fields).toEqual({
      page: "Сторінка: неприпустиме значення",
      per_page: "per_page: неприпустиме значення",
    });
  });

  it("refuses unknown and repeated parameters", async () => {
    const unknown = await refused("/content/pages/about?lang=en&preview=1", {
      status: 400,
      code: "INVALID_QUERY",
      message: "The query parameters are invalid.",
    });
    expect(unknown.fields).toEqual({ preview: "preview is not a known field" });
    const onIndex = await refused("/content/index?lang=en", {
      status: 400,
      code: "INVALID_QUERY",
      message: "The query parameters are invalid.",
    });
    expect(onIndex.fields).toEqual({ lang: "lang is not a known field" });
    const repeated = await refused("/content/news?lang=en&page=1&page=2", {
      status: 400,
      code: "INVALID_QUERY",
      message: "The query parameters are invalid.",
    });
    expect(repeated.fields).toEqual({ page: "Page has an invalid value" });
    // A paging parameter means nothing on a single text.
    await refused("/content/news/ton-added?lang=en&page=2", {
      status: 400,
      code: "INVALID_QUERY",
      message: "The query parameters are invalid.",
    });
  });

  it("answers 404 in the asked language for unknown slugs and kinds", async () => {
    const notFound = { status: 404, code: "NOT_FOUND" };
    await refused("/content/pages/nothing-here?lang=en", { ...notFound, message: "Not found." });
    await refused("/content/pages/About?lang=uk", { ...notFound, message: "Не знайдено." });
    // A news slug is not a blog post, nor a page.
    await refused("/content/blog/ton-added", { ...notFound, message: "Не найдено." });
    await refused("/content/pages/ton-added?lang=en", { ...notFound, message: "Not found." });
    await refused("/content/pages/?lang=en", { ...notFound, message: "Not found." });
    await refused("/content/faq/how-long?lang=en", { ...notFound, message: "Not found." });
    await refused("/content/pages/a/b?lang=en", { ...notFound, message: "Not found." });
  });

  it("checks the key before the query, so a stranger learns nothing about parameters", async () => {
    await refused(
      "/content/news?lang=en&page=0",
      { status: 401, code: "UNKNOWN_CLIENT", message: "Unknown API key." },
      { key: null },
    );
  });

  it("does not accept other methods on content paths", async () => {
    const response = await api.app.inject({ method: "POST", url: "/content/news", payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });
});
