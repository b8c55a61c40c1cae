import { describe, expect, it } from "vitest";
import {
  actionNeeds,
  ageParts,
  changedValues,
  formatAmount,
  shownPlaces,
  toApiDecimal,
} from "./format.ts";

describe("ageParts", () => {
  const now = Date.parse("2026-11-25T12:00:00Z");
  it("takes the largest whole unit", () => {
    expect(ageParts("2026-11-25T11:59:30Z", now)).toEqual({ unit: "seconds", count: 30 });
    expect(ageParts("2026-11-25T11:55:01Z", now)).toEqual({ unit: "minutes", count: 4 });
    expect(ageParts("2026-11-25T09:00:00Z", now)).toEqual({ unit: "hours", count: 3 });
    expect(ageParts("2026-11-22T12:00:00Z", now)).toEqual({ unit: "days", count: 3 });
  });
  it("never goes negative when the server's clock is ahead", () => {
    expect(ageParts("2026-11-25T12:00:05Z", now)).toEqual({ unit: "seconds", count: 0 });
  });
});

describe("formatAmount", () => {
  it("groups and uses the locale's decimal sign without going through a number", () => {
    expect(formatAmount("12345678901234567890.123456789012345678", "ru")).toBe(
      "12\u00a0345\u00a0678\u00a0901\u00a0234\u00a0567\u00a0890,123456789012345678",
    );
    expect(formatAmount("8116.40", "en")).toBe("8,116.4");
    expect(formatAmount("100.00", "uk")).toBe("100");
    expect(formatAmount("0.0123", "ru")).toBe("0,0123");
  });
  it("writes the currency's places", () => {
    expect(formatAmount("8116.4", "ru", 2)).toBe("8\u00a0116,40");
    expect(formatAmount("100", "en", 2)).toBe("100.00");
    expect(formatAmount("0.00012345", "en", 2)).toBe("0.00012345");
  });
});

describe("shownPlaces", () => {
  it("pads to two places at most: 100 USDT of six places reads 100,00", () => {
    expect(shownPlaces(6)).toBe(2);
    expect(shownPlaces(0)).toBe(0);
    expect(formatAmount("100.000000", "ru", shownPlaces(6))).toBe("100,00");
  });
});

describe("toApiDecimal", () => {
  it("writes what the operator typed the way the API reads it", () => {
    expect(toApiDecimal("1 000,5")).toBe("1000.5");
    expect(toApiDecimal("81.164")).toBe("81.164");
    expect(toApiDecimal("  ")).toBeNull();
  });
  it("passes a wrong value on for the API to refuse under its field", () => {
    expect(toApiDecimal("-5")).toBe("-5");
  });
});

describe("changedValues", () => {
  it("keeps only the keys whose value changed", () => {
    expect(
      changedValues(
        { reserve: "10", active: true, send_min: "" },
        { reserve: "10", active: false, send_min: "5" },
      ),
    ).toEqual({ active: false, send_min: "5" });
    expect(changedValues({ reserve: "10" }, { reserve: "10" })).toEqual({});
  });
});

describe("actionNeeds", () => {
  it("asks for a payout reference to complete and a reason to hold or flag an error", () => {
    expect(actionNeeds("completed")).toEqual({ payoutReference: true, commentRequired: false });
    expect(actionNeeds("hold")).toEqual({ payoutReference: false, commentRequired: true });
    expect(actionNeeds("error")).toEqual({ payoutReference: false, commentRequired: true });
    expect(actionNeeds("processing")).toEqual({ payoutReference: false, commentRequired: false });
  });
});
