import { roundDown, toDecimal } from "@obmen/domain";

/** Declared reserve minus open holds, rounded down to the currency's places, never negative. */
export function availableReserve(
  reserve: string,
  held: string | undefined,
  decimals: number,
): string {
  const available = toDecimal(reserve).minus(held ?? "0");
  return available.lt(0) ? "0" : roundDown(available, decimals).toFixed();
}
