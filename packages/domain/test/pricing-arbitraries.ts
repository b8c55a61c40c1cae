import Big from "big.js";
import fc from "fast-check";

/**
 * Shared generators for the pricing property tests. Rates span the catalogue's extremes
 * (BTC→RUB ~9e6, RUB→BTC ~1e-7, SHIB-like 1e-5) with one side 1 (spec §4), occasionally
 * neither; amounts are on the currency grid.
 */

/** A positive decimal string with up to `maxScale` decimals, from 10^-scale to maxUnits. */
export const positiveDecimal = (maxScale: number, maxUnits = 10n ** 12n) =>
  fc
    .tuple(fc.bigInt({ min: 1n, max: maxUnits }), fc.integer({ min: 0, max: maxScale }))
    .map(([units, scale]) => new Big(units.toString()).div(new Big(10).pow(scale)).toFixed());

export const decimalsArbitrary = fc.constantFrom(0, 2, 6, 8);

export const rateArbitrary = fc
  .record({
    shape: fc.constantFrom("send-one", "receive-one", "neither"),
    value: positiveDecimal(10),
    other: positiveDecimal(4),
    fee: fc.oneof(
      fc.constant("0"),
      positiveDecimal(8).filter((fee) => new Big(fee).lt(1000)),
    ),
  })
  .map(({ shape, value, other, fee }) => ({
    send_rate: shape === "send-one" ? "1" : value,
    receive_rate: shape === "receive-one" ? "1" : shape === "neither" ? other : value,
    comission_amount: fee,
  }));

/** An amount on a grid of `decimals` places, up to 10^9 whole units. */
export const gridAmount = (decimals: number, min = 0n) =>
  fc
    .bigInt({ min, max: 10n ** BigInt(9 + decimals) })
    .map((units) => new Big(units.toString()).div(new Big(10).pow(decimals)).toFixed(decimals));

const Exact = Big();
Exact.DP = 120;

/** The oracle: the exact value of send × rr / sr − fee, computed independently with big.js. */
export function exactNet(
  rate: { send_rate: string; receive_rate: string; comission_amount: string },
  send: string,
): Big {
  return new Exact(send).times(rate.receive_rate).div(rate.send_rate).minus(rate.comission_amount);
}

export function unit(decimals: number): Big {
  return new Big(1).div(new Big(10).pow(decimals));
}
