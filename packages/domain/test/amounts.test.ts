import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkAmounts,
  DEFAULT_RATE_TOLERANCE,
  defaultSendAmount,
  displayRate,
  isRateWithinTolerance,
  type ResolvedLimits,
} from "../src/index.ts";

describe("defaultSendAmount (spec §5)", () => {
  it("prefers the template amount, then the minimum send, then 10", () => {
    expect(defaultSendAmount({ templateAmount: "250", minSend: "5" })).toBe("250");
    expect(defaultSendAmount({ templateAmount: null, minSend: "5" })).toBe("5");
    expect(defaultSendAmount({})).toBe("10");
  });

  it("skips blank, malformed and non-positive candidates", () => {
    expect(defaultSendAmount({ templateAmount: "", minSend: "abc" })).toBe("10");
    expect(defaultSendAmount({ templateAmount: "0", minSend: "0.5" })).toBe("0.5");
  });

  it("formats to the send grid rounding up when decimals are given", () => {
    expect(defaultSendAmount({ minSend: "0.0012345", sendDecimals: 4 })).toBe("0.0013");
    expect(defaultSendAmount({ sendDecimals: 2 })).toBe("10.00");
  });
});

describe("checkAmounts", () => {
  const limits: ResolvedLimits = {
    minSend: "100.00",
    maxSend: "5000.00",
    minReceive: "1.08",
    maxReceive: "53.05",
    limitedByReserve: false,
    isAvailable: true,
  };
  const check = (sendAmount: string, receiveAmount?: string, overrides?: Partial<ResolvedLimits>) =>
    checkAmounts({ sendAmount, receiveAmount, limits: { ...limits, ...overrides } });

  it("accepts amounts inside the limits, bounds included", () => {
    expect(check("100", "1.08")).toEqual([]);
    expect(check("5000.00", "53.05")).toEqual([]);
    expect(check("250.5")).toEqual([]);
  });

  it.each([
    ["99.99", undefined, "send_amount", "below_min", "100.00"],
    ["5000.01", undefined, "send_amount", "above_max", "5000.00"],
    ["1e3", undefined, "send_amount", "not_a_number", null],
    ["", undefined, "send_amount", "not_a_number", null],
    ["100.001", undefined, "send_amount", "too_many_decimals", "2"],
    ["-5", undefined, "send_amount", "below_min", "100.00"],
    ["200", "1.07", "receive_amount", "below_min", "1.08"],
    ["200", "53.06", "receive_amount", "above_max", "53.05"],
  ] as const)("send %j receive %j → %s %s", (send, receive, field, code, limit) => {
    expect(check(send, receive)).toEqual([{ field, code, limit }]);
  });

  it("names the reserve when it is what caps the maximum", () => {
    expect(check("5000.01", "53.06", { limitedByReserve: true })).toEqual([
      { field: "send_amount", code: "above_reserve", limit: "5000.00" },
      { field: "receive_amount", code: "above_reserve", limit: "53.05" },
    ]);
  });

  it("respects each currency's decimals", () => {
    const btc = checkAmounts({
      sendAmount: "0.123456789",
      receiveAmount: "10.5",
      limits: { ...limits, minSend: "0.001", maxSend: "10" },
      sendDecimals: 8,
      receiveDecimals: 0,
    });
    expect(btc).toEqual([
      { field: "send_amount", code: "too_many_decimals", limit: "8" },
      { field: "receive_amount", code: "too_many_decimals", limit: "0" },
    ]);
  });
});

describe("isRateWithinTolerance", () => {
  const current = { send_rate: "1", receive_rate: "9000000" };

  it("uses a 0.5% default", () => {
    expect(DEFAULT_RATE_TOLERANCE).toBe("0.005");
  });

  it.each([
    [{ send_rate: "1", receive_rate: "9000000" }, true],
    [{ send_rate: "1", receive_rate: "9045000" }, true], // +0.5% exactly
    [{ send_rate: "1", receive_rate: "8955000" }, true], // −0.5% exactly
    [{ send_rate: "1", receive_rate: "9045001" }, false],
    [{ send_rate: "1", receive_rate: "8954999" }, false],
    [{ send_rate: "2", receive_rate: "18000000" }, true], // same price, other normalisation
    [{ send_rate: "0", receive_rate: "9000000" }, false],
    [{ send_rate: "1", receive_rate: "9e6" }, false],
    [{ send_rate: "1", receive_rate: "-9000000" }, false],
  ])("client %o → %s", (clientRate, expected) => {
    expect(isRateWithinTolerance({ clientRate, currentRate: current })).toBe(expected);
  });

  it("compares the price, so an inverted presentation of the same rate matches", () => {
    const rubBtc = { send_rate: "9000000", receive_rate: "1" };
    expect(
      isRateWithinTolerance({
        clientRate: rubBtc,
        currentRate: { send_rate: "9040000", receive_rate: "1" },
      }),
    ).toBe(true);
    expect(
      isRateWithinTolerance({
        clientRate: rubBtc,
        currentRate: { send_rate: "9100000", receive_rate: "1" },
      }),
    ).toBe(false);
  });

  it("accepts any rate within the given tolerance and refuses beyond (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), (permille) => {
        const client = { send_rate: "1", receive_rate: String(1000 + permille) };
        const within = isRateWithinTolerance({
          clientRate: client,
          currentRate: { send_rate: "1", receive_rate: "1000" },
          toleranceFraction: "0.05",
        });
        expect(within).toBe(Math.abs(permille) <= 50);
      }),
    );
  });
});

describe("displayRate", () => {
  // The last row is normalised: 3 / 1.000000001 = 2.999999997 rounds to 3 at 8 decimals.
  it.each([
    [
      { send_rate: "1", receive_rate: "9000000.00" },
      { sendAmount: "1", receiveAmount: "9000000", inverted: true },
    ],
    [
      { send_rate: "9000000", receive_rate: "1" },
      { sendAmount: "9000000", receiveAmount: "1", inverted: false },
    ],
    [
      { send_rate: "1", receive_rate: "0.00001234" },
      { sendAmount: "1", receiveAmount: "0.00001234", inverted: true },
    ],
    [
      { send_rate: "2", receive_rate: "3" },
      { sendAmount: "1", receiveAmount: "1.5", inverted: true },
    ],
    [
      { send_rate: "3", receive_rate: "2" },
      { sendAmount: "1.5", receiveAmount: "1", inverted: false },
    ],
    [
      { send_rate: "3", receive_rate: "1.000000001" },
      { sendAmount: "3", receiveAmount: "1", inverted: false },
    ],
  ])("%o", (rate, expected) => {
    expect(displayRate(rate)).toEqual(expected);
  });
});
