import { describe, expect, it } from "vitest";
import { passesLuhn, validateOrderField } from "../src/index.ts";

describe("card numbers (Luhn)", () => {
  it.each(["79927398713", "4111111111111111", "5555555555554444", "378282246310005", "0"])(
    "Luhn accepts %s",
    (digits) => {
      expect(passesLuhn(digits)).toBe(true);
    },
  );

  it.each(["79927398710", "4111111111111112", "5555555555554440", "1"])(
    "Luhn rejects %s",
    (digits) => {
      expect(passesLuhn(digits)).toBe(false);
    },
  );

  it.each([
    ["4111 1111 1111 1111", "4111111111111111"],
    ["5555-5555-5555-4444", "5555555555554444"],
    ["378282246310005", "378282246310005"], // Amex, 15 digits
    ["6011111111111117", "6011111111111117"],
    ["2200 0000 0000 0004", "2200000000000004"], // Mir range
    ["4222222222222", "4222222222222"], // 13 digits
  ])("accepts %s", (value, normalized) => {
    expect(validateOrderField({ type: "card_number", value })).toEqual({ ok: true, normalized });
  });

  it.each([
    "4111 1111 1111 1112",
    "4111",
    "41111111111111111111",
    "4111-1111-1111-111a",
    "4111.1111.1111.1111",
  ])("rejects %s", (value) => {
    expect(validateOrderField({ type: "card_number", value })).toEqual({
      ok: false,
      reason: "invalid_card",
    });
  });
});

describe("phone numbers", () => {
  it.each([
    ["+7 (912) 345-67-89", "+79123456789"],
    ["79123456789", "+79123456789"],
    ["+380 67 123 45 67", "+380671234567"],
    ["0044 20 7946 0958", "+442079460958"],
    ["+1.202.555.0143", "+12025550143"],
    ["+861234567890123", "+861234567890123"], // 15 digits: the E.164 maximum
    ["+8 1 3 1234 5678", "+81312345678"], // Japan, 11 digits starting with 8, with "+"
  ])("accepts %s", (value, normalized) => {
    expect(validateOrderField({ type: "phone", value })).toEqual({ ok: true, normalized });
  });

  it.each([
    "12345",
    "+0 912 345 67 89",
    "+7912345678901234",
    "+7 912 abc 67 89",
    "++79123456789",
    "0671234567",
    "8 (912) 345-67-89", // national trunk form: refused, not guessed as +8912…
  ])("rejects %s", (value) => {
    expect(validateOrderField({ type: "phone", value })).toEqual({
      ok: false,
      reason: "invalid_phone",
    });
  });
});

describe("full names", () => {
  it.each([
    ["Иван Петров", "Иван Петров"],
    ["  John   Smith ", "John Smith"],
    ["Мар'яна Коваль-Шевченко", "Мар'яна Коваль-Шевченко"],
    ["Ґрета Їжакова Євгенівна", "Ґрета Їжакова Євгенівна"],
    ["Олексій Пʼятниця", "Олексій Пʼятниця"],
    ["Seán O’Brien", "Seán O’Brien"],
    ["Jo Li", "Jo Li"],
  ])("accepts %s", (value, normalized) => {
    expect(validateOrderField({ type: "full_name", value })).toEqual({ ok: true, normalized });
  });

  it("normalises decomposed letters to NFC", () => {
    const decomposed = "Иван Андрии\u0306";
    expect(validateOrderField({ type: "full_name", value: decomposed })).toEqual({
      ok: true,
      normalized: "Иван Андрий",
    });
  });

  it.each([
    "Иван",
    "Ivan 2Petrov",
    "Ivan_Petrov Sr",
    "Ivan -Petrov",
    "Ivan Petrov'",
    "李 小龍",
    "Ivan Petrov!",
  ])("rejects %s", (value) => {
    expect(validateOrderField({ type: "full_name", value })).toEqual({
      ok: false,
      reason: "invalid_name",
    });
  });

  it("refuses names over 100 characters", () => {
    const value = `${"А".repeat(60)} ${"Б".repeat(60)}`;
    expect(validateOrderField({ type: "full_name", value })).toEqual({
      ok: false,
      reason: "too_long",
    });
  });
});

describe("e-mail", () => {
  it.each([
    ["user@example.com", "user@example.com"],
    ["First.Last+tag@Example.COM", "First.Last+tag@example.com"],
    ["иван@почта.рф", "иван@почта.рф"],
    ["a@b.co", "a@b.co"],
    ["x@xn--80ak6aa92e.com", "x@xn--80ak6aa92e.com"],
  ])("accepts %s", (value, normalized) => {
    expect(validateOrderField({ type: "email", value })).toEqual({ ok: true, normalized });
  });

  it.each([
    "plainaddress",
    "@example.com",
    "user@",
    "user@localhost",
    "user@example.c",
    "user@exa_mple.com",
    "user@-example.com",
    "user@example..com",
    ".user@example.com",
    "us..er@example.com",
    "us er@example.com",
    "user@example.123",
    `${"a".repeat(65)}@example.com`,
  ])("rejects %s", (value) => {
    expect(validateOrderField({ type: "email", value })).toEqual({
      ok: false,
      reason: "invalid_email",
    });
  });

  it("refuses addresses over 254 characters", () => {
    const value = `user@${"a".repeat(250)}.com`;
    expect(validateOrderField({ type: "email", value })).toEqual({ ok: false, reason: "too_long" });
  });
});

describe("text and generic rules", () => {
  it("keeps text, drops control characters, bounds the length", () => {
    expect(validateOrderField({ type: "text", value: " memo\u0000 123 " })).toEqual({
      ok: true,
      normalized: "memo  123",
    });
    expect(validateOrderField({ type: "text", value: "x".repeat(257) })).toEqual({
      ok: false,
      reason: "too_long",
    });
    expect(validateOrderField({ type: "text", value: "\u0007" })).toEqual({
      ok: false,
      reason: "required",
    });
  });

  it("required unless optional; optional empties normalise to ''", () => {
    for (const type of [
      "crypto_address",
      "card_number",
      "phone",
      "full_name",
      "email",
      "text",
    ] as const) {
      expect(validateOrderField({ type, value: "" })).toEqual({ ok: false, reason: "required" });
      expect(validateOrderField({ type, value: "  ", required: false })).toEqual({
        ok: true,
        normalized: "",
      });
    }
    expect(validateOrderField({ type: "email", value: undefined as unknown as string })).toEqual({
      ok: false,
      reason: "required",
    });
  });

  it("treats an unknown field type from newer data as text", () => {
    const type = "iban" as unknown as "text";
    expect(validateOrderField({ type, value: "DE89 3704 0044 0532 0130 00" })).toMatchObject({
      ok: true,
    });
  });
});
