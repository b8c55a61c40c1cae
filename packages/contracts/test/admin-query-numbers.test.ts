import { describe, expect, it } from "vitest";
import { AdminRateHistoryQuery, BlacklistQuery } from "../src/index.ts";

// Query numbers read as a person writes them, never coerced: `z.coerce` took "0x10" as 16,
// " 2" as 2 and ["3"] as 3 (a repeated parameter), acting on a value nobody sent.
describe("console query numbers", () => {
  it("take digits, refuse what coercion would have turned into a number", () => {
    expect(AdminRateHistoryQuery.parse({ hours: "48" })).toEqual({ hours: 48 });
    expect(AdminRateHistoryQuery.parse({})).toEqual({ hours: 24 });
    expect(BlacklistQuery.parse({ page: "2" }).page).toBe(2);
    for (const bad of ["0x10", " 2", "1e2", "", true, ["3"]]) {
      expect(AdminRateHistoryQuery.safeParse({ hours: bad }).success, String(bad)).toBe(false);
      expect(BlacklistQuery.safeParse({ page: bad }).success, String(bad)).toBe(false);
    }
  });
});
