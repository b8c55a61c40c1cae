import { AMOUNT_FORMAT_CASES } from "@obmen/domain/testing";
import { describe, expect, it } from "vitest";
import {
  type AlertSide,
  lowReserveAlert,
  newOrderAlert,
  paidOrderAlert,
} from "../../src/alerts/alert-texts.ts";

const ORDER_ID = "6f1c2a9e-0a4b-4c1d-9e7f-3b2a1c0d9e8f";
const LOCALES = ["ru", "en", "uk"] as const;

function sideOf(example: (typeof AMOUNT_FORMAT_CASES)[number]): AlertSide {
  return { amount: example.amount, ...example.currency, paySystem: "Demo pay" };
}

describe("operator alert texts", () => {
  describe.each(LOCALES)("in %s", (locale) => {
    it.each(AMOUNT_FORMAT_CASES.map((example) => [example.about, example] as const))(
      "write amounts as the order page and the letters do: %s",
      (_about, example) => {
        const facts = {
          orderId: ORDER_ID,
          send: sideOf(example),
          receive: sideOf(example),
          email: "customer@example.com",
          link: `https://obmen.example/admin/orders/${ORDER_ID}`,
        };
        const written = `${example.text[locale]} · Demo pay`;
        for (const alert of [newOrderAlert(facts, locale), paidOrderAlert(facts, locale)]) {
          expect(alert.subject).toContain(written);
          expect(alert.text.split("\n")[1]).toContain(written);
          expect(alert.text.split("\n")[2]).toContain(written);
          expect(alert.text).toContain(ORDER_ID);
        }
      },
    );
  });

  it("are worded in the chosen language, never a key", () => {
    const facts = {
      orderId: ORDER_ID,
      send: { amount: "100", code: "USDT", decimals: 6, paySystem: "Tether TRC20" },
      receive: { amount: "8116.4", code: "RUB", decimals: 2, paySystem: "Sberbank" },
      email: "customer@example.com",
      link: "https://obmen.example/admin",
    };
    expect(newOrderAlert(facts, "ru").text.split("\n")).toEqual([
      `Новая заявка ${ORDER_ID}`,
      "Отдаёт: 100\u00a0USDT · Tether TRC20",
      "Получает: 8\u00a0116,40\u00a0RUB · Sberbank",
      "E-mail клиента: customer@example.com",
      "https://obmen.example/admin",
    ]);
    expect(paidOrderAlert(facts, "en").subject).toBe(
      "The customer reports paying order 6f1c2a9e: 100\u00a0USDT · Tether TRC20",
    );
    expect(newOrderAlert(facts, "uk").subject).toBe(
      "Нова заявка 6f1c2a9e: 100\u00a0USDT · Tether TRC20 → 8\u00a0116,40\u00a0RUB · Sberbank",
    );
    const low = { currency: "RUB Sberbank", code: "RUB", decimals: 2, link: "https://x" };
    // The available reserve is cut to the currency's places, never rounded up.
    const alert = lowReserveAlert({ ...low, available: "4999.999", warning: "10000" }, "uk");
    expect(alert.subject).toBe("Резерв RUB Sberbank нижчий за поріг: 4\u00a0999,99\u00a0RUB");
    expect(alert.text).toContain("Доступно: 4\u00a0999,99\u00a0RUB, поріг: 10\u00a0000\u00a0RUB.");
    for (const locale of LOCALES) {
      const texts = [
        newOrderAlert(facts, locale),
        paidOrderAlert(facts, locale),
        lowReserveAlert({ ...low, available: "1", warning: "2" }, locale),
      ];
      expect(JSON.stringify(texts)).not.toMatch(/Mail\.|\{\{/);
    }
  });
});
