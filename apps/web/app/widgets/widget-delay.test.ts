import { describe, expect, it } from "vitest";
import { WIDGET_DELAY_CHECKOUT_MS, WIDGET_DELAY_MS, widgetDelayMs } from "./widget-delay.ts";

describe("widget delay (spec §9)", () => {
  it("is 4500 ms on ordinary pages", () => {
    expect(WIDGET_DELAY_MS).toBe(4_500);
    for (const path of ["/", "/en", "/about", "/uk/news/some-article", "/order", "/en/faq"]) {
      expect(widgetDelayMs(path), path).toBe(4_500);
    }
  });

  it("is 5500 ms on exchange and payment pages, in every language", () => {
    expect(WIDGET_DELAY_CHECKOUT_MS).toBe(5_500);
    for (const path of [
      "/exchange/BTC/SBERRUB",
      "/en/exchange/BTC/ETH",
      "/uk/order/3f1c2d4e-0000-4000-8000-000000000000",
      "/order/3f1c2d4e-0000-4000-8000-000000000000",
      "/exchange",
      "/EN/EXCHANGE/BTC/ETH",
      "/pay/123",
      "/en/partner-payouts",
    ]) {
      expect(widgetDelayMs(path), path).toBe(5_500);
    }
  });
});
