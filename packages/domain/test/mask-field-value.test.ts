import { describe, expect, it } from "vitest";
import { maskEmail, maskFieldValue } from "../src/index.ts";

describe("maskFieldValue (decision 023)", () => {
  it.each([
    ["card_number", "4111 1111 1111 1111", "•••• 1111"],
    ["card_number", "5555-5555-5555-4444", "•••• 4444"],
    ["card_number", "411", "••••"],
    ["full_name", "Ivan Petrov", "I•••• P••••"],
    ["full_name", "  Мар’яна   Коваль-Шевченко ", "М•••• К••••"],
    // A card typed into a free-text field (an e-wallet's "account") is a card all the same.
    ["text", "4111-1111-1111-1111", "•••• 1111"],
    ["text", "P1234567", "P1234567"],
    // Phones and addresses keep every digit, even one that happens to pass Luhn.
    ["phone", "4111111111111111", "4111111111111111"],
    ["crypto_address", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
  ] as const)("%s %j → %j", (type, value, shown) => {
    expect(maskFieldValue({ value, type })).toBe(shown);
  });

  it("masks a card-like value whose definition is gone", () => {
    expect(maskFieldValue({ value: "4111111111111111", type: undefined })).toBe("•••• 1111");
  });

  it("hides a name's length", () => {
    expect(maskFieldValue({ value: "Al Bo", type: "full_name" })).toBe(
      maskFieldValue({ value: "Alexandra Bogdanovich", type: "full_name" }),
    );
  });
});

describe("maskEmail", () => {
  it("keeps two characters of the name and the whole domain", () => {
    expect(maskEmail("walter@mail.test")).toBe("wa•••@mail.test");
    expect(maskEmail("ab@mail.test")).toBe("a•••@mail.test");
    expect(maskEmail("a@mail.test")).toBe("a•••@mail.test");
  });

  it("never shows more than two characters of the name", () => {
    expect(maskEmail("customer@mail.test")).not.toContain("cus");
  });
});
