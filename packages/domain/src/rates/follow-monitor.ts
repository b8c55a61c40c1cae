import { toDecimal } from "../money.ts";
import type { RateSide } from "./compute-pair-rates.ts";

/** One exchanger's offer on the monitor, in the pair's own rate unit (the side that is not 1). */
export interface MonitorOffer {
  changer: number;
  rate: string;
}

export interface MonitorPosition {
  /** The pair's rate (its side that is not 1) to hold the position with. */
  rate: string;
  /** The exchanger it beats, and that exchanger's place among those followed; null: none. */
  competitor: number | null;
  competitorPosition: number | null;
  /** Set when the bounds overrode the competition. */
  clamped: "worst" | "best" | null;
}

/**
 * "Hold position N" on a monitor (issue 27 point 5, decision 057): the offers without the
 * ignored exchangers and our own, best for the customer first; the pair's rate beats the one at
 * place N by `step`, then is clamped between `worst` (the rate with the pair's full markup) and
 * `best` (the rate with its minimum margin), so a competitor's undercut never drags the pair
 * below cost. Fewer than N competitors: the worst rate already holds place N or better. On the
 * `receive` side a higher rate is better for the customer, on the `send` side a lower one.
 */
export function followMonitor(options: {
  offers: readonly MonitorOffer[];
  ownChanger: number | null;
  ignored: ReadonlySet<number>;
  position: number;
  step: string;
  side: RateSide;
  worst: string;
  best: string;
}): MonitorPosition {
  const higherIsBetter = options.side === "receive";
  const better = (a: string, b: string) =>
    higherIsBetter ? toDecimal(a).gt(b) : toDecimal(a).lt(b);
  const followed = options.offers
    .filter((offer) => offer.changer !== options.ownChanger && !options.ignored.has(offer.changer))
    .sort((a, b) =>
      better(a.rate, b.rate) ? -1 : better(b.rate, a.rate) ? 1 : a.changer - b.changer,
    );
  const target = followed[options.position - 1];
  if (!target)
    return { rate: options.worst, competitor: null, competitorPosition: null, clamped: null };
  const step = toDecimal(options.step);
  const beat = higherIsBetter
    ? toDecimal(target.rate).plus(step)
    : toDecimal(target.rate).minus(step);
  const rate = beat.toFixed();
  const base = { competitor: target.changer, competitorPosition: options.position };
  if (better(rate, options.best)) return { ...base, rate: options.best, clamped: "best" };
  if (better(options.worst, rate)) return { ...base, rate: options.worst, clamped: "worst" };
  return { ...base, rate, clamped: null };
}
