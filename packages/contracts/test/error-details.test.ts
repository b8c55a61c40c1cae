import { describe, expect, it } from "vitest";
import { AppError, ErrorCode } from "../src/index.ts";

// Issue 31 point 3: `details` is declared per code (ErrorDetailsByCode). The console's 429
// once said `retry_after_seconds` where every client reads `retry_after`; now such a name does
// not compile. `npm run typecheck` checks the expectations marked below.
describe("error details typed per code", () => {
  it("takes the declared shape", () => {
    const limited = new AppError(ErrorCode.RATE_LIMITED, { details: { retry_after: 30 } });
    expect(limited.details?.retry_after).toBe(30);
    const conflict = new AppError(ErrorCode.CONFLICT, { details: { exchange_status: "paid" } });
    expect(conflict.details).toEqual({ exchange_status: "paid" });
  });

  it("refuses a name the code does not declare, and details on a code without any", () => {
    const drifted = () =>
      // @ts-expect-error: RATE_LIMITED's wait is `retry_after`
      new AppError(ErrorCode.RATE_LIMITED, { details: { retry_after_seconds: 30 } });
    const undeclared = () =>
      // @ts-expect-error: NOT_FOUND carries no details
      new AppError(ErrorCode.NOT_FOUND, { details: { id: 1 } });
    // At run time the class stores what it is given; the compiler is the guard.
    expect(drifted().code).toBe("RATE_LIMITED");
    expect(undeclared().code).toBe("NOT_FOUND");
  });
});
