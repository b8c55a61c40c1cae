import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPartner, seedWithdrawal } from "../affiliate/support/affiliate-kit.ts";
import {
  type AdminTestApi,
  adminCall,
  completeOrder,
  placeOrder,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

/**
 * Issue 26 point 6: the console names a pay system in its own language as the site does
 * ("Сбербанк" on a Russian screen, "Sberbank" on an English one), and the withdrawal desk
 * shows each payout detail under its label, never as `receive_wallet_address`.
 */
describe("names the console shows", () => {
  let api: AdminTestApi;
  let cookies: Awaited<ReturnType<typeof signInEveryRole>>;
  let uuid: string;
  beforeAll(async () => {
    api = await startAdminApi();
    cookies = await signInEveryRole(api);
    uuid = await placeOrder(api, { paid: true });
    await completeOrder(api, uuid, cookies.operator);
  });
  afterAll(() => api.close());

  const get = async (path: string, lang: "ru" | "en" | "uk") => {
    const result = await adminCall(api, "GET", path, { cookie: cookies.admin, lang });
    expect(result.status, path).toBe(200);
    return result.body.data;
  };

  it("names Sberbank in the console's language on the queue, the order, the dashboard and the catalogue", async () => {
    for (const [lang, name] of [
      ["ru", "Сбербанк"],
      ["uk", "Сбербанк"],
      ["en", "Sberbank"],
    ] as const) {
      const queue = await get("/admin/api/orders", lang);
      const row = queue.items.find(
        (item: { exchange_uuid: string }) => item.exchange_uuid === uuid,
      );
      expect(row.receive_currency.pay_system, lang).toBe(name);
      const order = await get(`/admin/api/orders/${uuid}`, lang);
      expect(order.receive_currency.pay_system, lang).toBe(name);
      const dashboard = await get("/admin/api/dashboard?period=today", lang);
      expect(dashboard.directions[0].receive_currency.pay_system, lang).toBe(name);
      const catalogue = await get("/admin/api/currencies", lang);
      const sber = catalogue.items.find(
        (currency: { url_xml: string }) => currency.url_xml === "SBERRUB",
      );
      // The operator's own name stays what the edit form changes.
      expect(sber.pay_system).toMatchObject({ name: "Sberbank", shown_name: name });
    }
  });

  it("shows a withdrawal's payout details under their labels, in the console's language", async () => {
    const partner = await seedPartner(api.db, { balance: "30" });
    await seedWithdrawal(api.db, partner, "12.5");
    for (const [lang, label] of [
      ["ru", "Адрес кошелька USDT (TRC20)"],
      ["en", "USDT (TRC20) wallet address"],
      ["uk", "Адреса гаманця USDT (TRC20)"],
    ] as const) {
      const desk = await get("/admin/api/withdrawals?status=requested", lang);
      expect(desk.items[0].fields, lang).toEqual([
        expect.objectContaining({ key: "receive_wallet_address", label }),
      ]);
    }
  });
});
