import {
  ApiCallError,
  createObmenClient,
  httpTransport,
  type Transport,
  type TransportRequest,
} from "@obmen/contracts/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CLIENT, type TestApi } from "../support/test-api.ts";
import { startContentApi } from "./content-test-kit.ts";

describe("client.content (SDK) against the real API", () => {
  let api: TestApi;
  const sent: TransportRequest[] = [];
  let failNext = 0;
  beforeAll(async () => {
    api = await startContentApi();
  });
  afterAll(() => api.close());

  // The web tier's in-process transport, recording requests and able to fake an outage.
  const transport: Transport = async (request) => {
    sent.push(request);
    if (failNext > 0) {
      failNext--;
      return { status: 502, body: "<html>Bad gateway</html>" };
    }
    const response = await api.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.body };
  };
  const sdk = () => createObmenClient({ transport, credentials: TEST_CLIENT }).content;

  it("sends unsigned GETs with lang in the query and the public key in X-Api-Key", async () => {
    sent.length = 0;
    const page = await sdk().page("about", { lang: "en" });
    expect(page).toMatchObject({ slug: "about", lang: "en", title: "About us" });
    expect(sent).toEqual([
      {
        method: "GET",
        url: "/content/pages/about?lang=en",
        headers: { "x-api-key": TEST_CLIENT.publicKey },
      },
    ]);
    expect(JSON.stringify(sent)).not.toContain(TEST_CLIENT.secret);
  });

  it("covers every content call", async () => {
    sent.length = 0;
    const news = await sdk().news({ lang: "uk", page: 2, perPage: 2 });
    expect(news).toMatchObject({ page: 2, per_page: 2, total: 5, pages: 3 });
    expect(news.items.map((item) => item.slug)).toEqual(["night-payouts", "ton-added"]);
    expect((await sdk().newsArticle("ton-added", { lang: "en" })).title).toBe("TON added");
    expect((await sdk().blog()).items.map((item) => item.slug)).toEqual([
      "safe-wallets",
      "what-is-trc20",
    ]);
    expect(await sdk().blogPost("safe-wallets", { lang: "uk" })).toMatchObject({
      lang: "uk",
      title: "Безпечні гаманці",
      published_at: "2026-03-01T00:00:00.000Z",
    });
    expect((await sdk().faq({ lang: "ru" })).items.map((item) => item.section)).toEqual([
      "exchange",
      "payment",
      "security",
    ]);
    expect((await sdk().index()).pages.map((entry) => entry.slug)).toEqual(["about", "hostile"]);
    expect(sent.map((request) => request.url)).toEqual([
      "/content/news?lang=uk&page=2&per_page=2",
      "/content/news/ton-added?lang=en",
      "/content/blog",
      "/content/blog/safe-wallets?lang=uk",
      "/content/faq?lang=ru",
      "/content/index",
    ]);
  });

  it("surfaces refusals as ApiCallError with the API's error body, without retrying", async () => {
    sent.length = 0;
    const missing = await sdk()
      .newsArticle("no-such-news", { lang: "en" })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiCallError);
    expect(missing).toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "Not found." } },
    });
    const badPage = await sdk()
      .news({ lang: "en", page: 0 })
      .catch((error: unknown) => error);
    expect(badPage).toMatchObject({ status: 400, body: { error: { code: "INVALID_QUERY" } } });
    expect(sent).toHaveLength(2);

    const stranger = createObmenClient({
      transport,
      credentials: { publicKey: "pk_stranger", secret: "x" },
    });
    await expect(stranger.content.faq({ lang: "uk" })).rejects.toMatchObject({
      status: 401,
      body: { error: { code: "UNKNOWN_CLIENT", message: "Невідомий ключ API." } },
    });
  });

  it("encodes a slug so it cannot leave its path segment", async () => {
    sent.length = 0;
    await expect(sdk().page("../news", { lang: "en" })).rejects.toMatchObject({ status: 404 });
    expect(sent[0]!.url).toBe("/content/pages/..%2Fnews?lang=en");
  });

  it("retries a content read on 502 and gives up after three attempts", async () => {
    sent.length = 0;
    failNext = 2;
    expect((await sdk().faq({ lang: "en" })).items).toHaveLength(3);
    expect(sent).toHaveLength(3);

    sent.length = 0;
    failNext = 5;
    await expect(sdk().index()).rejects.toMatchObject({
      status: 502,
      body: { error: { code: "INTERNAL" } },
    });
    expect(sent).toHaveLength(3);
    failNext = 0;
  });

  it("works the same over HTTP (API_URL)", async () => {
    const address = await api.app.listen({ host: "127.0.0.1", port: 0 });
    const overHttp = createObmenClient({
      transport: httpTransport(address),
      credentials: TEST_CLIENT,
    }).content;
    expect(await overHttp.newsArticle("fee-cut", { lang: "uk" })).toMatchObject({
      slug: "fee-cut",
      lang: "uk",
      title: "Знизили комісію",
    });
    expect((await overHttp.news({ perPage: 50 })).total).toBe(5);
    await expect(overHttp.page("nothing", { lang: "en" })).rejects.toMatchObject({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "Not found." } },
    });
  });
});
