import { createTranslator } from "@obmen/i18n";
import { catalogs } from "@obmen/i18n/catalogs";
import { describe, expect, it } from "vitest";
import { checkNewPassword, newPasswordMessage } from "./new-password-rules.ts";

describe("new password rules", () => {
  it("accepts 10 to 128 characters typed twice", () => {
    expect(checkNewPassword("correct horse", "correct horse")).toEqual({});
    expect(checkNewPassword("a".repeat(128), "a".repeat(128))).toEqual({});
    // Ten emoji are ten characters, though twenty UTF-16 units.
    expect(checkNewPassword("🔑".repeat(10), "🔑".repeat(10))).toEqual({});
  });

  it("names each problem on its field", () => {
    expect(checkNewPassword("", "")).toEqual({
      new_password: "Required",
      new_password_confirmation: "Required",
    });
    expect(checkNewPassword("🔑".repeat(9), "🔑".repeat(9))).toEqual({ new_password: "TooShort" });
    expect(checkNewPassword("a".repeat(129), "a".repeat(129))).toEqual({ new_password: "TooLong" });
    expect(checkNewPassword("correct horse", "correct hors")).toEqual({
      new_password_confirmation: "Mismatch",
    });
  });

  it("says so in the visitor's language, with the right plural", () => {
    const ru = createTranslator("ru", catalogs.ru);
    const en = createTranslator("en", catalogs.en);
    const uk = createTranslator("uk", catalogs.uk);
    expect(newPasswordMessage(en, "TooShort")).toBe("At least 10 characters.");
    expect(newPasswordMessage(ru, "TooShort")).toBe("Не короче 10 символов.");
    expect(newPasswordMessage(uk, "TooShort")).toBe("Не коротше 10 символів.");
    expect(newPasswordMessage(ru, "Mismatch")).toBe("Пароли не совпадают.");
    expect(newPasswordMessage(ru, "Required")).toBe("Введите пароль.");
    expect(newPasswordMessage(en, "TooLong")).toBe("No more than 128 characters.");
  });
});
