import { roundDown, toDecimal } from "@obmen/domain";

/**
 * Declared reserve minus open holds (null: none, the currency has no `currency_held` row yet),
 * rounded down to the currency's places, never negative.
 */
export function availableReserve(reserve: string, held: string | null, decimals: number): string {
  const available = toDecimal(reserve).minus(held ?? "0");
  return available.lt(0) ? "0" : roundDown(available, decimals).toFixed();
}
