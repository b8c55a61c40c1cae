import { describe, expect, it } from "vitest";
import { renderWithdrawalLetter } from "../../src/affiliate/withdrawals/withdrawal-letter.ts";

const letter = (lang: string, decision: "paid" | "rejected", note: string | null = null) =>
  renderWithdrawalLetter({
    lang,
    decision,
    withdrawal: { id: 42, amount: "1050.25", currency: "USDT" },
    note,
    appUrl: "https://obmen.example/",
  });

/** Issue 26 points 7 and 8: the partner's letters read like the order and account letters. */
describe("the partner's withdrawal letters", () => {
  it("write the amount with the one formatter, in the letter's language", () => {
    expect(letter("ru", "paid").text).toContain("Мы отправили 1\u00a0050,25\u00a0USDT");
    expect(letter("uk", "rejected").text).toContain("Сума 1\u00a0050,25\u00a0USDT");
    expect(letter("en", "paid").text).toContain("We have sent 1,050.25\u00a0USDT");
    for (const lang of ["ru", "uk"]) {
      for (const decision of ["paid", "rejected"] as const) {
        expect(letter(lang, decision).text).not.toMatch(/\d\.\d/);
        expect(letter(lang, decision).html.replace(/<[^>]*>/g, "")).not.toMatch(/\d\.\d/);
      }
    }
  });

  it("use the account letters' layout: a phone-width card and a button to the partner's page", () => {
    const { html, text, subject } = letter("uk", "paid", "0xabc");
    expect(subject).toBe("Заявку на виведення № 42 виплачено");
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("max-width:600px");
    expect(html).toMatch(
      /<a href="https:\/\/obmen\.example\/uk\/account\/affiliate" style="[^"]+">Ваш партнерський кабінет<\/a>/,
    );
    expect(html).toContain('<html lang="uk">');
    expect(text).toContain("Номер виплати: 0xabc");
    expect(text).toContain("https://obmen.example/uk/account/affiliate");
  });

  it("escape the operator's note in the HTML", () => {
    expect(letter("ru", "rejected", "<b>нет</b>").html).toContain(
      "Причина: &lt;b&gt;нет&lt;/b&gt;",
    );
  });
});
