import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRELOAD_LIMITS, quoteReceive, resolveLimits } from "../src/index.ts";
import { decimalsArbitrary, positiveDecimal, rateArbitrary, unit } from "./pricing-arbitraries.ts";

const BTC_RUB = { send_rate: "1", receive_rate: "9000000", comission_amount: "0" };
const RUB_BTC = { send_rate: "9000000", receive_rate: "1", comission_amount: "0" };
const RUB_USDT = { send_rate: "92.5", receive_rate: "1", comission_amount: "1" };

describe("resolveLimits (table)", () => {
  it("exports the spec §9 pre-load limits", () => {
    expect(PRELOAD_LIMITS).toEqual({
      minSend: "1",
      maxSend: "1000",
      minReceive: "1",
      maxReceive: "100",
    });
    expect(Object.isFrozen(PRELOAD_LIMITS)).toBe(true);
  });

  it("falls back pair → currency send_limit → 1 / 999999 (spec §5)", () => {
    const rate = { send_rate: "1", receive_rate: "2", comission_amount: "0" };
    expect(resolveLimits({ rate })).toMatchObject({
      minSend: "1.00",
      maxSend: "999999.00",
      minReceive: "2.00",
      maxReceive: "1999998.00",
      limitedByReserve: false,
      isAvailable: true,
    });
    const sendLimit = { min_send_sum: "5", max_send_sum: "500" };
    expect(resolveLimits({ rate, sendLimit })).toMatchObject({
      minSend: "5.00",
      maxSend: "500.00",
    });
    const pairLimits = {
      min_send_sum: "10",
      max_send_sum: null,
      min_receive_sum: null,
      max_receive_sum: null,
    };
    expect(resolveLimits({ rate, sendLimit, pairLimits })).toMatchObject({
      minSend: "10.00",
      maxSend: "500.00",
    });
    // Zero means "not set", as with the spec client's falsy fallback.
    expect(resolveLimits({ rate, pairLimits: { ...pairLimits, min_send_sum: "0" } }).minSend).toBe(
      "1.00",
    );
  });

  it("derives receive bounds from the send side when the pair sets none (RUB→BTC stays usable)", () => {
    const limits = resolveLimits({
      rate: RUB_BTC,
      sendLimit: { min_send_sum: "1000", max_send_sum: "3000000" },
      sendDecimals: 2,
      receiveDecimals: 8,
    });
    expect(limits).toMatchObject({
      minSend: "1000.00",
      maxSend: "3000000.00",
      minReceive: "0.00011111",
      maxReceive: "0.33333333",
      isAvailable: true,
    });
  });

  it("caps the receive at the reserve and shrinks maxSend to the largest send that fits", () => {
    const limits = resolveLimits({
      rate: BTC_RUB,
      pairLimits: { min_send_sum: "0.001", max_send_sum: "10" },
      availableReserve: "1000000",
      sendDecimals: 8,
      receiveDecimals: 2,
    });
    expect(limits).toMatchObject({
      minSend: "0.00100000",
      minReceive: "9000.00",
      maxSend: "0.11111111",
      maxReceive: "999999.99",
      limitedByReserve: true,
      isAvailable: true,
    });
    // One unit more would pay out more than the reserve.
    const over = quoteReceive({ rate: BTC_RUB, sendAmount: "0.11111112", receiveDecimals: 2 });
    expect(new Big(over.receiveAmount).gt("1000000")).toBe(true);
  });

  it("honours the pair's own receive limits", () => {
    const limits = resolveLimits({
      rate: BTC_RUB,
      pairLimits: {
        min_send_sum: null,
        max_send_sum: null,
        min_receive_sum: "5000",
        max_receive_sum: "90000",
      },
      sendDecimals: 8,
      receiveDecimals: 2,
    });
    expect(limits).toMatchObject({
      maxSend: "0.01000000",
      maxReceive: "90000.00",
      limitedByReserve: false,
    });
    // The send fallback min 1 BTC exceeds the pair's receive max: nothing fits.
    expect(limits.isAvailable).toBe(false);
  });

  it("raises the minimum so the fixed fee never eats the whole payout", () => {
    const limits = resolveLimits({
      rate: RUB_USDT,
      sendLimit: { min_send_sum: "50", max_send_sum: "100000" },
    });
    expect(limits).toMatchObject({ minSend: "93.43", minReceive: "0.01", isAvailable: true });
  });

  it("is unavailable when the reserve is empty or below the minimum", () => {
    expect(resolveLimits({ rate: BTC_RUB, availableReserve: "0" })).toMatchObject({
      maxReceive: "0.00",
      limitedByReserve: true,
      isAvailable: false,
    });
    const belowMin = resolveLimits({
      rate: RUB_USDT,
      pairLimits: {
        min_send_sum: "1000",
        max_send_sum: null,
        min_receive_sum: null,
        max_receive_sum: null,
      },
      availableReserve: "5",
    });
    expect(belowMin).toMatchObject({
      maxReceive: "5.00",
      limitedByReserve: true,
      isAvailable: false,
    });
    // A malformed or negative reserve fails closed.
    expect(resolveLimits({ rate: BTC_RUB, availableReserve: "-3" }).isAvailable).toBe(false);
    expect(resolveLimits({ rate: BTC_RUB, availableReserve: "lots" }).isAvailable).toBe(false);
  });
});

describe("resolveLimits properties", () => {
  // Shaped like a real catalogue (small minimums, large maximums, rare receive limits) so
  // that a good share of cases is satisfiable; the rest exercise the unavailable branch.
  const nullable = (arbitrary: fc.Arbitrary<string>, freq = 2) =>
    fc.option(arbitrary, { nil: null, freq });
  const small = positiveDecimal(4, 10n ** 5n);
  const large = positiveDecimal(2, 10n ** 12n);
  const scenario = fc.record({
    rate: rateArbitrary,
    sendDecimals: decimalsArbitrary,
    receiveDecimals: decimalsArbitrary,
    pairLimits: fc.record({
      min_send_sum: nullable(small),
      max_send_sum: nullable(large),
      min_receive_sum: nullable(small, 5),
      max_receive_sum: nullable(large, 5),
    }),
    sendLimit: fc.option(
      fc.record({ min_send_sum: nullable(small), max_send_sum: nullable(large) }),
      { nil: null },
    ),
    availableReserve: nullable(fc.oneof(fc.constant("0"), positiveDecimal(8), large)),
  });

  it("generates a useful mix of cases", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(scenario, (input) => {
        const limits = resolveLimits(input);
        seen.add(`${limits.isAvailable}/${limits.limitedByReserve}`);
      }),
      { numRuns: 300 },
    );
    expect([...seen].sort()).toEqual(["false/false", "false/true", "true/false", "true/true"]);
  });

  it("bounds are ordered, reachable, and never promise more than the reserve", () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const limits = resolveLimits(input);
        const { rate, sendDecimals, receiveDecimals, availableReserve } = input;
        const receiveAt = (sendAmount: string) =>
          quoteReceive({ rate, sendAmount, sendDecimals, receiveDecimals }).receiveAmount;

        // Each receive bound is exactly what its send bound yields.
        expect(receiveAt(limits.maxSend)).toBe(limits.maxReceive);
        if (availableReserve !== null) {
          expect(new Big(limits.maxReceive).lte(availableReserve)).toBe(true);
        }
        // Tight: one send unit more would cross the receive cap (reserve or pair max).
        const cap = [availableReserve, input.pairLimits.max_receive_sum].filter((v) => v !== null);
        const nextSend = new Big(limits.maxSend).plus(unit(sendDecimals)).toFixed(sendDecimals);
        if (limits.limitedByReserve) {
          expect(new Big(receiveAt(nextSend)).gt(availableReserve!)).toBe(true);
        }
        if (limits.isAvailable) {
          expect(receiveAt(limits.minSend)).toBe(limits.minReceive);
          expect(new Big(limits.minSend).lte(limits.maxSend)).toBe(true);
          expect(new Big(limits.minReceive).lte(limits.maxReceive)).toBe(true);
          expect(new Big(limits.minReceive).gte(unit(receiveDecimals))).toBe(true);
          const configuredMin =
            input.pairLimits.min_send_sum ?? input.sendLimit?.min_send_sum ?? "1";
          const configuredMax =
            input.pairLimits.max_send_sum ?? input.sendLimit?.max_send_sum ?? "999999";
          expect(new Big(limits.minSend).gte(configuredMin)).toBe(true);
          expect(new Big(limits.maxSend).lte(configuredMax)).toBe(true);
          for (const bound of cap) expect(new Big(limits.maxReceive).lte(bound!)).toBe(true);
          if (input.pairLimits.min_receive_sum !== null) {
            expect(new Big(limits.minReceive).gte(input.pairLimits.min_receive_sum)).toBe(true);
          }
        }
      }),
      { numRuns: 1500 },
    );
  });
});
