import { createHash } from "node:crypto";
import type { AdminPair } from "@obmen/contracts";
import { currencyPairs, orderReceipts, rateQuotesLatest } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentTotp } from "../../src/admin/auth/totp.ts";
import { seedPartner, seedWithdrawal } from "../affiliate/support/affiliate-kit.ts";
import {
  type AdminTestApi,
  adminCall,
  logIn,
  PASSWORD,
  placeOrder,
  sessionCookie,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

/**
 * Every console call, made once with a valid request through the real app: its success body
 * must parse with the schema the route declares, without losing or gaining anything (the
 * harness turns on checkResponses, so the API itself also checks each answer). A route
 * declared without a case here fails the last test.
 */
describe("every console call answers with its declared response schema", () => {
  let api: AdminTestApi;
  let admin: string;
  const covered = new Set<string>();
  beforeAll(async () => {
    api = await startAdminApi();
    admin = (await signInEveryRole(api)).admin;
  });
  afterAll(() => api.close());

  async function expectDeclared(
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    template: string,
    url: string,
    options: { body?: unknown; cookie?: string | null } = {},
  ) {
    const result = await adminCall(api, method, url, {
      cookie: options.cookie === undefined ? admin : options.cookie,
      body: options.body,
    });
    expect(result.status, `${method} ${url}: ${JSON.stringify(result.body)}`).toBe(200);
    const doc = api.docs.admin.find((entry) => entry.method === method && entry.path === template);
    if (!doc) throw new Error(`${method} ${template} is not declared`);
    if (doc.response !== "file") {
      const parsed = doc.response.parse(result.body);
      expect(parsed, `${method} ${template}`).toEqual(result.body);
    }
    covered.add(`${method} ${template}`);
    return result;
  }

  it("sign-in, the session and the second factor", async () => {
    const login = await expectDeclared("POST", "/admin/api/login", "/admin/api/login", {
      cookie: null,
      body: { email: "operator@obmen.example", password: PASSWORD },
    });
    const cookie = sessionCookie(login);
    await expectDeclared("GET", "/admin/api/me", "/admin/api/me", { cookie });
    const started = await expectDeclared("POST", "/admin/api/me/totp", "/admin/api/me/totp", {
      cookie,
    });
    await expectDeclared("POST", "/admin/api/me/totp/confirm", "/admin/api/me/totp/confirm", {
      cookie,
      body: { totp: currentTotp(started.body.data.secret) },
    });
    await expectDeclared("POST", "/admin/api/me/password", "/admin/api/me/password", {
      cookie,
      body: { old_password: PASSWORD, new_password: "saffron-window-64" },
    });
    await expectDeclared("POST", "/admin/api/logout", "/admin/api/logout", { cookie });
  });

  it("the order desk", async () => {
    const uuid = await placeOrder(api, { paid: true });
    const content = Buffer.from("\x89PNG\r\n\x1a\nreceipt");
    const [receipt] = await api.db
      .insert(orderReceipts)
      .values({
        orderId: uuid,
        fileName: "receipt.png",
        mimeType: "image/png",
        sizeBytes: content.length,
        content,
        sha256: createHash("sha256").update(content).digest("hex"),
      })
      .returning();
    await expectDeclared("GET", "/admin/api/orders", "/admin/api/orders?status=paid&q=customer");
    await expectDeclared("GET", "/admin/api/dashboard", "/admin/api/dashboard?period=30d");
    await expectDeclared("GET", "/admin/api/orders/{uuid}", `/admin/api/orders/${uuid}`);
    await expectDeclared(
      "GET",
      "/admin/api/orders/{uuid}/receipts/{id}",
      `/admin/api/orders/${uuid}/receipts/${receipt!.id}`,
    );
    await expectDeclared(
      "POST",
      "/admin/api/orders/{uuid}/status",
      `/admin/api/orders/${uuid}/status`,
      {
        body: { status: "processing", comment: "Payment found" },
      },
    );
  });

  it("recalculation at the current rate", async () => {
    const uuid = await placeOrder(api, { paid: true });
    await expectDeclared(
      "GET",
      "/admin/api/orders/{uuid}/recalculation",
      `/admin/api/orders/${uuid}/recalculation?received_amount=90`,
    );
    await expectDeclared(
      "POST",
      "/admin/api/orders/{uuid}/recalculate",
      `/admin/api/orders/${uuid}/recalculate`,
      { body: { received_amount: "90", comment: "90 USDT arrived" } },
    );
  });

  it("the catalogue", async () => {
    const currencies = await expectDeclared(
      "GET",
      "/admin/api/currencies",
      "/admin/api/currencies",
    );
    const pairs = await expectDeclared("GET", "/admin/api/pairs", "/admin/api/pairs");
    await expectDeclared(
      "PATCH",
      "/admin/api/currencies/{id}",
      `/admin/api/currencies/${currencies.body.data.items[0].id}`,
      { body: { reserve: "12345.67", active: true } },
    );
    await expectDeclared(
      "PATCH",
      "/admin/api/pairs/{id}",
      `/admin/api/pairs/${pairs.body.data.items[0].id}`,
      {
        body: { sort_order: 3, max_send_sum: null },
      },
    );
  });

  it("new pay systems, currencies and pairs", async () => {
    await expectDeclared("GET", "/admin/api/pay-systems", "/admin/api/pay-systems");
    const icons = await expectDeclared("GET", "/admin/api/icons", "/admin/api/icons");
    expect(icons.body.data.items).toContain("/icons/kaspi.svg");
    const paySystem = await expectDeclared(
      "POST",
      "/admin/api/pay-systems",
      "/admin/api/pay-systems",
      {
        body: { name: "Kaspi", icon: "/icons/kaspi.svg" },
      },
    );
    await expectDeclared(
      "PATCH",
      "/admin/api/pay-systems/{id}",
      `/admin/api/pay-systems/${paySystem.body.data.id}`,
      { body: { name_ru: "Каспи", icon: "/icons/monobank.svg" } },
    );
    const currency = await expectDeclared(
      "POST",
      "/admin/api/currencies",
      "/admin/api/currencies",
      {
        body: {
          pay_system_id: paySystem.body.data.id,
          currency_code: "KZT",
          url_xml: "KSPKZT",
          kind: "bank",
          decimals: 2,
          reserve_name: "Kaspi KZT",
          fields: [
            {
              side: "receive",
              key: "receive_card_number",
              type: "card_number",
              label_ru: "Номер карты",
              label_en: "Card number",
              label_uk: "Номер картки",
            },
          ],
        },
      },
    );
    await expectDeclared(
      "PUT",
      "/admin/api/currencies/{id}/fields",
      `/admin/api/currencies/${currency.body.data.id}/fields`,
      { body: { fields: [] } },
    );
    const currencies = await adminCall(api, "GET", "/admin/api/currencies", { cookie: admin });
    const btc = currencies.body.data.items.find(
      (item: { url_xml: string }) => item.url_xml === "BTC",
    );
    await expectDeclared("POST", "/admin/api/pairs", "/admin/api/pairs", {
      body: {
        send_currency_id: btc.id,
        receive_currency_id: currency.body.data.id,
        send_rate: "1",
        receive_rate: "45000000",
        send_rate_real: "1",
        receive_rate_real: "46000000",
      },
    });
  });

  it("operators and the audit log", async () => {
    await expectDeclared("GET", "/admin/api/operators", "/admin/api/operators");
    const created = await expectDeclared("POST", "/admin/api/operators", "/admin/api/operators", {
      body: { email: "writer@obmen.example", password: "harbour-violet-17", role: "editor" },
    });
    await expectDeclared(
      "PATCH",
      "/admin/api/operators/{id}",
      `/admin/api/operators/${created.body.data.id}`,
      { body: { role: "operator" } },
    );
    await logIn(api, "writer@obmen.example", "harbour-violet-17");
    await expectDeclared("GET", "/admin/api/audit", "/admin/api/audit?page=1");
    await expectDeclared("GET", "/admin/api/settings/alerts", "/admin/api/settings/alerts");
    await expectDeclared("PATCH", "/admin/api/settings/alerts", "/admin/api/settings/alerts", {
      body: { emails: ["duty@obmen.example"], telegram_chat_id: "-100200300" },
    });
    await expectDeclared(
      "POST",
      "/admin/api/settings/alerts/test",
      "/admin/api/settings/alerts/test",
      { body: {} },
    );
    await expectDeclared("GET", "/admin/api/alerts", "/admin/api/alerts?page=1");
  });

  it("the withdrawal desk and the partners (issue 18)", async () => {
    const partner = await seedPartner(api.db, { balance: "30" });
    const withdrawal = await seedWithdrawal(api.db, partner, "12.5");
    await expectDeclared(
      "GET",
      "/admin/api/withdrawals",
      "/admin/api/withdrawals?status=requested",
    );
    await expectDeclared("GET", "/admin/api/partners", "/admin/api/partners?page=1");
    await expectDeclared(
      "POST",
      "/admin/api/withdrawals/{id}/status",
      `/admin/api/withdrawals/${withdrawal.id}/status`,
      { body: { status: "paid", reference: "TX-1" } },
    );
  });

  it("the editor's content (decision 032)", async () => {
    const created = await expectDeclared("POST", "/admin/api/content", "/admin/api/content", {
      body: {
        kind: "faq",
        slug: "schema-check",
        section: "payment",
        translations: { ru: { title: "Вопрос?", body: "Ответ." } },
      },
    });
    const id = created.body.data.id as number;
    await expectDeclared("GET", "/admin/api/content", "/admin/api/content?kind=faq&page=1");
    await expectDeclared("GET", "/admin/api/content/{id}", `/admin/api/content/${id}`);
    await expectDeclared("PATCH", "/admin/api/content/{id}", `/admin/api/content/${id}`, {
      body: { published: false, translations: { en: { title: "Question?", body: "Answer." } } },
    });
  });

  it("automatic rates (issue 27)", async () => {
    await api.db
      .insert(rateQuotesLatest)
      .values({ source: "binance", symbol: "BTCUSDT", value: "91234.5", fetchedAt: new Date() });
    await expectDeclared("GET", "/admin/api/rate-sources", "/admin/api/rate-sources");
    await expectDeclared(
      "POST",
      "/admin/api/rate-sources/preview",
      "/admin/api/rate-sources/preview",
      {
        body: { rate_source: "binance:BTCUSDT", markup_percent: "1", side: "receive" },
      },
    );
    const pairs = await adminCall(api, "GET", "/admin/api/pairs", { cookie: admin });
    const pair: AdminPair = pairs.body.data.items.find(
      (item: AdminPair) =>
        item.send_currency.url_xml === "BTC" && item.receive_currency.url_xml === "USDTTRC20",
    );
    const bound = await expectDeclared(
      "PATCH",
      "/admin/api/pairs/{id}",
      `/admin/api/pairs/${pair.id}`,
      {
        body: { rate_source: "binance:BTCUSDT", markup_percent: "1", freshness_seconds: 60 },
      },
    );
    expect(bound.body.data.automatic_rate).toMatchObject({
      in_service: true,
      quotes: [{ value: "91234.5" }],
    });
    await api.db
      .update(currencyPairs)
      .set({ heldRealRate: "99000" })
      .where(eq(currencyPairs.id, pair.id));
    await expectDeclared(
      "POST",
      "/admin/api/pairs/{id}/confirm-rate",
      `/admin/api/pairs/${pair.id}/confirm-rate`,
    );
    await expectDeclared(
      "GET",
      "/admin/api/pairs/{id}/rate-history",
      `/admin/api/pairs/${pair.id}/rate-history?hours=24`,
    );
  });

  it("the blacklist (issue 29)", async () => {
    const created = await expectDeclared("POST", "/admin/api/blacklist", "/admin/api/blacklist", {
      body: { kind: "card", value: "4111 1111 1111 1111", reason: "chargeback" },
    });
    await expectDeclared("GET", "/admin/api/blacklist", "/admin/api/blacklist?kind=card");
    await expectDeclared(
      "DELETE",
      "/admin/api/blacklist/{id}",
      `/admin/api/blacklist/${created.body.data.id}`,
    );
  });

  it("customers (issue 29)", async () => {
    const id = await seedPartner(api.db, { email: "schema.customer@example.com" });
    await expectDeclared("GET", "/admin/api/customers", "/admin/api/customers?q=schema.customer");
    await expectDeclared("GET", "/admin/api/customers/{id}", `/admin/api/customers/${id}`);
    await expectDeclared(
      "POST",
      "/admin/api/customers/{id}/block",
      `/admin/api/customers/${id}/block`,
      {
        body: { reason: "schema check" },
      },
    );
    await expectDeclared(
      "POST",
      "/admin/api/customers/{id}/unblock",
      `/admin/api/customers/${id}/unblock`,
    );
  });

  it("the orders export (issue 29)", async () => {
    await expectDeclared("GET", "/admin/api/orders/export.csv", "/admin/api/orders/export.csv");
  });

  it("covers every declared call", () => {
    expect([...covered].sort()).toEqual(
      api.docs.admin.map((doc) => `${doc.method} ${doc.path}`).sort(),
    );
  });
});
