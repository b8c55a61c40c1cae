import { toDecimal } from "../money.ts";

/**
 * Whether a new value moved more than `boundPercent` from the previous one (issue 27 points 1
 * and 6): |next − previous| ÷ previous × 100 > bound, exactly.
 */
export function isRateJump(options: {
  previous: string;
  next: string;
  boundPercent: string;
}): boolean {
  const previous = toDecimal(options.previous);
  if (previous.lte(0)) return false;
  const moved = toDecimal(options.next).minus(previous).abs().times(100);
  return moved.gt(previous.times(options.boundPercent));
}
