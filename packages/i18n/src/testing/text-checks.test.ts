import { describe, expect, it } from "vitest";
import { findTextProblems } from "./text-checks.ts";

/** The checker itself: it must catch what issue 26 found, and pass what is right. */
describe("findTextProblems", () => {
  it("finds what issue 26 found on ru and uk pages", () => {
    const found = (text: string, locale: "ru" | "uk" = "ru") => findTextProblems(text, locale);
    expect(found("Страница не найдена. Page Not Found: /x")).toHaveLength(1);
    expect(found("Каналы: Main link — 3 клика", "uk")).toHaveLength(1);
    expect(found("Статус: Account.History.Title")).toHaveLength(1);
    expect(found("Сумма 77105,80 RUB")).toHaveLength(1);
    expect(found("Мы отправили 50.25 USDT")).toHaveLength(1);
    expect(found("Максимум 3855290\u00a0RUB")).toHaveLength(1);
  });

  it("passes correct text", () => {
    const text =
      "Заявка 3f2a1c9e: 77\u00a0105,80\u00a0RUB → 0,01\u00a0BTC. Резерв 10\u00a0000\u00a0RUB, 939,5 USDT. © 2026 Obmen";
    expect(findTextProblems(text, "ru")).toEqual([]);
    expect(findTextProblems("We have sent 1,050.25 USDT. Main link", "en")).toEqual([]);
  });
});
