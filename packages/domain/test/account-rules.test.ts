import { describe, expect, it } from "vitest";
import { checkNewPassword, isCommonPassword } from "../src/account/common-passwords.ts";
import {
  checkPasswordLength,
  normalizeAccountEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../src/index.ts";

describe("password rules", () => {
  it("accept 10 to 128 characters, counted as people count them", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(checkPasswordLength("correct horse")).toBeNull();
    expect(checkPasswordLength("a".repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    // Ten emoji are ten characters, though twenty UTF-16 units; nine are too few.
    expect(checkPasswordLength("🔑".repeat(10))).toBeNull();
    expect(checkPasswordLength("🔑".repeat(9))).toBe("TooShort");
    expect(checkPasswordLength("")).toBe("Required");
    expect(checkPasswordLength("a".repeat(PASSWORD_MAX_LENGTH + 1))).toBe("TooLong");
  });

  it("refuse the common passwords that are long enough, in any letter case", () => {
    for (const password of ["qwertyuiop", "1q2w3e4r5t", "Password123", "QWERTYUIOP"]) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(checkNewPassword(password), password).toBe("Common");
    }
    expect(checkNewPassword("violet-harbour-71")).toBeNull();
    // Length is checked first: a short common password is "too short", not "common".
    expect(checkNewPassword("123456")).toBe("TooShort");
  });
});

describe("account e-mail", () => {
  it("is trimmed and lower-cased as a whole, so one address is one account", () => {
    expect(normalizeAccountEmail("  Ivan.Petrov@Example.COM ")).toBe("ivan.petrov@example.com");
    expect(normalizeAccountEmail("not an address")).toBeNull();
    expect(normalizeAccountEmail("a@b")).toBeNull();
  });
});
