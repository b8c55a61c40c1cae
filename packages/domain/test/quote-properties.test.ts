import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quoteReceive, quoteSend } from "../src/index.ts";
import {
  decimalsArbitrary,
  exactNet,
  gridAmount,
  rateArbitrary,
  unit,
} from "./pricing-arbitraries.ts";

describe("quote properties", () => {
  const scenario = fc
    .tuple(rateArbitrary, decimalsArbitrary, decimalsArbitrary)
    .chain(([rate, sendDecimals, receiveDecimals]) =>
      fc.record({
        rate: fc.constant(rate),
        sendDecimals: fc.constant(sendDecimals),
        receiveDecimals: fc.constant(receiveDecimals),
        send: gridAmount(sendDecimals),
        otherSend: gridAmount(sendDecimals),
        receive: gridAmount(receiveDecimals, 1n),
      }),
    );

  it("receive equals the exact value rounded down (never up), clamped at 0", () => {
    fc.assert(
      fc.property(scenario, ({ rate, send, sendDecimals, receiveDecimals }) => {
        const quote = quoteReceive({ rate, sendAmount: send, sendDecimals, receiveDecimals });
        const exact = exactNet(rate, send);
        const receive = new Big(quote.receiveAmount);
        if (exact.lte(0)) {
          expect(receive.eq(0)).toBe(true);
          expect(quote.consumedByFee).toBe(new Big(rate.comission_amount).gt(0));
        } else {
          expect(receive.lte(exact)).toBe(true);
          expect(exact.minus(receive).lt(unit(receiveDecimals))).toBe(true);
        }
        expect(quote.receiveAmount.split(".")[1]?.length ?? 0).toBe(receiveDecimals);
      }),
      { numRuns: 2000 },
    );
  });

  it("is monotonic: sending more never receives less", () => {
    fc.assert(
      fc.property(scenario, ({ rate, send, otherSend, sendDecimals, receiveDecimals }) => {
        const [low, high] = new Big(send).lte(otherSend) ? [send, otherSend] : [otherSend, send];
        const lowQuote = quoteReceive({ rate, sendAmount: low, sendDecimals, receiveDecimals });
        const highQuote = quoteReceive({ rate, sendAmount: high, sendDecimals, receiveDecimals });
        expect(new Big(lowQuote.receiveAmount).lte(highQuote.receiveAmount)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("round trip: quoteReceive(quoteSend(r)) ≥ r, and one send unit less gives < r", () => {
    fc.assert(
      fc.property(scenario, ({ rate, receive, sendDecimals, receiveDecimals }) => {
        const options = { rate, sendDecimals, receiveDecimals };
        const { sendAmount, receiveAmount } = quoteSend({ ...options, receiveAmount: receive });
        // The send is on its grid and rounded UP: never more decimals than the currency has.
        expect(sendAmount.split(".")[1]?.length ?? 0).toBe(sendDecimals);
        const back = quoteReceive({ ...options, sendAmount });
        expect(back.receiveAmount).toBe(receiveAmount);
        expect(new Big(back.receiveAmount).gte(receive)).toBe(true);
        const oneLess = new Big(sendAmount).minus(unit(sendDecimals));
        if (oneLess.gte(0)) {
          const less = quoteReceive({ ...options, sendAmount: oneLess.toFixed(sendDecimals) });
          expect(new Big(less.receiveAmount).lt(receive)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("quoteSend is monotonic in the wanted receive", () => {
    fc.assert(
      fc.property(scenario, gridAmountPair(), ({ rate, sendDecimals, receiveDecimals }, [a, b]) => {
        const options = { rate, sendDecimals, receiveDecimals };
        const [low, high] = new Big(a).lte(b) ? [a, b] : [b, a];
        const lowSend = quoteSend({ ...options, receiveAmount: low }).sendAmount;
        const highSend = quoteSend({ ...options, receiveAmount: high }).sendAmount;
        expect(new Big(lowSend).lte(highSend)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

function gridAmountPair() {
  return fc.tuple(gridAmount(2), gridAmount(2));
}
