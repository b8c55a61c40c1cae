import { describe, expect, it } from "vitest";
import {
  actionNeeds,
  ageParts,
  changedValues,
  formatProgrammeAmount,
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

describe("formatProgrammeAmount", () => {
  it("writes a programme amount with the places the API gave, grouped in the locale's way", () => {
    expect(formatProgrammeAmount({ amount: "1500.25", code: "USDT", locale: "ru" })).toBe(
      "1\u00a0500,25\u00a0USDT",
    );
    expect(formatProgrammeAmount({ amount: "1500.5", code: "USDT", locale: "en" })).toBe(
      "1,500.5\u00a0USDT",
    );
    // Two places are cents (decision 022): both are shown once there is a fraction.
    expect(formatProgrammeAmount({ amount: "10.50", code: "USDT", locale: "uk" })).toBe(
      "10,50\u00a0USDT",
    );
    expect(formatProgrammeAmount({ amount: "10.500000", code: "USDT", locale: "uk" })).toBe(
      "10,5\u00a0USDT",
    );
    expect(formatProgrammeAmount({ amount: "25", code: "USDT", locale: "ru" })).toBe(
      "25\u00a0USDT",
    );
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
  it("asks for a payout reference to complete, a reason to hold or flag an error, and where a refund went", () => {
    const none = { payoutReference: false, commentRequired: false, refundDetails: false };
    expect(actionNeeds("completed")).toEqual({ ...none, payoutReference: true });
    expect(actionNeeds("hold")).toEqual({ ...none, commentRequired: true });
    expect(actionNeeds("error")).toEqual({ ...none, commentRequired: true });
    expect(actionNeeds("refunded")).toEqual({ ...none, refundDetails: true });
    expect(actionNeeds("processing")).toEqual(none);
  });
});
