import { describe, expect, it } from "vitest";
import { isAccountSubmission } from "./account-submission.ts";

describe("posts after which the root data (the user) reloads", () => {
  it("are the auth forms, the e-mailed links and the account pages, in any language", () => {
    expect(isAccountSubmission("POST", "/login")).toBe(true);
    expect(isAccountSubmission("post", "/uk/register?x=1")).toBe(true);
    expect(isAccountSubmission("POST", "/en/account/profile")).toBe(true);
    expect(isAccountSubmission("POST", "/confirm/complete")).toBe(true);
  });

  it("are not reads, nor other forms", () => {
    expect(isAccountSubmission("GET", "/login")).toBe(false);
    expect(isAccountSubmission(undefined, "/login")).toBe(false);
    expect(isAccountSubmission("POST", "/exchange/BTC/SBERRUB")).toBe(false);
    expect(isAccountSubmission("POST", "/accounts")).toBe(false);
    expect(isAccountSubmission("POST", undefined)).toBe(false);
  });
});
