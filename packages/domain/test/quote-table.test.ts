import Big from "big.js";
import { describe, expect, it } from "vitest";
import { quoteReceive, quoteSend } from "../src/index.ts";

const BTC_RUB = { send_rate: "1", receive_rate: "9000000", comission_amount: "0" };
const RUB_BTC = { send_rate: "9000000", receive_rate: "1", comission_amount: "0" };
/** RUB → USDT TRC20 with a 1 USDT network fee as comission_amount (DESIGN "demo data"). */
const RUB_USDT = { send_rate: "92.5", receive_rate: "1", comission_amount: "1" };
/** A SHIB-like token paid out as USDT: tiny price, 1 USDT fee. */
const SHIB_USDT = { send_rate: "1", receive_rate: "0.00001234", comission_amount: "1" };

describe("quoteReceive (table)", () => {
  it.each([
    {
      pair: "BTC→RUB",
      rate: BTC_RUB,
      send: "0.01",
      sendDecimals: 8,
      receiveDecimals: 2,
      receive: "90000.00",
    },
    {
      pair: "BTC→RUB",
      rate: BTC_RUB,
      send: "0.00000001",
      sendDecimals: 8,
      receiveDecimals: 2,
      receive: "0.09",
    },
    {
      pair: "BTC→RUB",
      rate: BTC_RUB,
      send: "1",
      sendDecimals: 8,
      receiveDecimals: 2,
      receive: "9000000.00",
    },
    {
      pair: "RUB→BTC",
      rate: RUB_BTC,
      send: "100000",
      sendDecimals: 2,
      receiveDecimals: 8,
      receive: "0.01111111",
    },
    {
      pair: "RUB→BTC",
      rate: RUB_BTC,
      send: "0.01",
      sendDecimals: 2,
      receiveDecimals: 8,
      receive: "0.00000000",
    },
    {
      pair: "RUB→BTC",
      rate: RUB_BTC,
      send: "9000000",
      sendDecimals: 2,
      receiveDecimals: 8,
      receive: "1.00000000",
    },
    {
      pair: "RUB→USDT",
      rate: RUB_USDT,
      send: "10000",
      sendDecimals: 2,
      receiveDecimals: 2,
      receive: "107.10",
    },
    {
      pair: "RUB→USDT",
      rate: RUB_USDT,
      send: "185",
      sendDecimals: 2,
      receiveDecimals: 2,
      receive: "1.00",
    },
    {
      pair: "SHIB→USDT",
      rate: SHIB_USDT,
      send: "1000000",
      sendDecimals: 0,
      receiveDecimals: 2,
      receive: "11.34",
    },
    {
      pair: "SHIB→USDT",
      rate: SHIB_USDT,
      send: "999999",
      sendDecimals: 0,
      receiveDecimals: 2,
      receive: "11.33",
    },
  ])(
    "$pair: send $send → receive $receive",
    ({ rate, send, sendDecimals, receiveDecimals, receive }) => {
      const quote = quoteReceive({ rate, sendAmount: send, sendDecimals, receiveDecimals });
      expect(quote.receiveAmount).toBe(receive);
      expect(quote.consumedByFee).toBe(false);
    },
  );

  it("flags a payout whose fixed fee eats the whole amount, and never goes below 0", () => {
    const quote = quoteReceive({
      rate: RUB_USDT,
      sendAmount: "50",
      sendDecimals: 2,
      receiveDecimals: 2,
    });
    expect(quote).toEqual({ sendAmount: "50.00", receiveAmount: "0.00", consumedByFee: true });
    const exactlyFee = quoteReceive({ rate: RUB_USDT, sendAmount: "92.5", receiveDecimals: 2 });
    expect(exactlyFee).toMatchObject({ receiveAmount: "0.00", consumedByFee: true });
    const zero = quoteReceive({ rate: BTC_RUB, sendAmount: "0" });
    expect(zero).toMatchObject({ receiveAmount: "0.00", consumedByFee: false });
  });

  it("rounds the send UP to the send grid before quoting (the customer sends whole units)", () => {
    const quote = quoteReceive({ rate: BTC_RUB, sendAmount: "0.000000011", sendDecimals: 8 });
    expect(quote.sendAmount).toBe("0.00000002");
    expect(quote.receiveAmount).toBe("0.18");
  });

  it("accepts a big.js value and defaults to 2 decimals", () => {
    expect(quoteReceive({ rate: RUB_USDT, sendAmount: new Big("10000") }).receiveAmount).toBe(
      "107.10",
    );
  });

  it("throws on malformed input or an impossible rate", () => {
    expect(() => quoteReceive({ rate: BTC_RUB, sendAmount: "1e3" })).toThrow(RangeError);
    expect(() => quoteReceive({ rate: BTC_RUB, sendAmount: "-1" })).toThrow(RangeError);
    expect(() => quoteReceive({ rate: { ...BTC_RUB, send_rate: "0" }, sendAmount: "1" })).toThrow(
      RangeError,
    );
    expect(() =>
      quoteReceive({ rate: { ...BTC_RUB, comission_amount: "-1" }, sendAmount: "1" }),
    ).toThrow(RangeError);
    expect(() => quoteReceive({ rate: BTC_RUB, sendAmount: "1", receiveDecimals: 2.5 })).toThrow(
      RangeError,
    );
  });

  it("does not reuse a stale parse when a rate object is mutated", () => {
    const rate = { ...BTC_RUB };
    expect(quoteReceive({ rate, sendAmount: "1" }).receiveAmount).toBe("9000000.00");
    rate.receive_rate = "8000000";
    expect(quoteReceive({ rate, sendAmount: "1" }).receiveAmount).toBe("8000000.00");
  });
});

describe("quoteSend (table)", () => {
  it.each([
    {
      pair: "BTC→RUB",
      rate: BTC_RUB,
      wanted: "100",
      sendDecimals: 8,
      receiveDecimals: 2,
      send: "0.00001112",
      receive: "100.08",
    },
    {
      pair: "BTC→RUB",
      rate: BTC_RUB,
      wanted: "90000",
      sendDecimals: 8,
      receiveDecimals: 2,
      send: "0.01000000",
      receive: "90000.00",
    },
    {
      pair: "RUB→BTC",
      rate: RUB_BTC,
      wanted: "0.01",
      sendDecimals: 2,
      receiveDecimals: 8,
      send: "90000.00",
      receive: "0.01000000",
    },
    {
      pair: "RUB→BTC",
      rate: RUB_BTC,
      wanted: "0.00000001",
      sendDecimals: 2,
      receiveDecimals: 8,
      send: "0.09",
      receive: "0.00000001",
    },
    {
      pair: "RUB→USDT",
      rate: RUB_USDT,
      wanted: "100",
      sendDecimals: 2,
      receiveDecimals: 2,
      send: "9342.50",
      receive: "100.00",
    },
    {
      pair: "SHIB→USDT",
      rate: SHIB_USDT,
      wanted: "11.34",
      sendDecimals: 0,
      receiveDecimals: 2,
      send: "1000000",
      receive: "11.34",
    },
    {
      pair: "SHIB→USDT",
      rate: SHIB_USDT,
      wanted: "0.01",
      sendDecimals: 0,
      receiveDecimals: 2,
      send: "81848",
      receive: "0.01",
    },
    {
      pair: "BTC→RUB",
      rate: BTC_RUB,
      wanted: "0",
      sendDecimals: 8,
      receiveDecimals: 2,
      send: "0.00000000",
      receive: "0.00",
    },
    // A wanted amount finer than the receive grid is reached at the next grid step.
    {
      pair: "BTC→RUB",
      rate: BTC_RUB,
      wanted: "99.991",
      sendDecimals: 8,
      receiveDecimals: 2,
      send: "0.00001112",
      receive: "100.08",
    },
  ])(
    "$pair: receive $wanted needs send $send (yields $receive)",
    ({ rate, wanted, sendDecimals, receiveDecimals, send, receive }) => {
      expect(quoteSend({ rate, receiveAmount: wanted, sendDecimals, receiveDecimals })).toEqual({
        sendAmount: send,
        receiveAmount: receive,
      });
    },
  );
});
