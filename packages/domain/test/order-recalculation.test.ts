import { describe, expect, it } from "vitest";
import {
  canAnswerRecalculation,
  canRecalculate,
  ORDER_STATUSES,
  quoteReceive,
  recalculateAmounts,
  refundFieldType,
  statusAfterAnswer,
} from "../src/index.ts";

describe("recalculation at the current rate (decision 035)", () => {
  it("is offered where money arrived and nothing was paid out", () => {
    expect(ORDER_STATUSES.filter(canRecalculate)).toEqual(["paid", "expired", "hold", "error"]);
  });

  it("prices what arrived with the create's quote: fee, rounding and places", () => {
    const rate = { send_rate: "1", receive_rate: "7710580", comission_amount: "150" };
    const result = recalculateAmounts({
      rate,
      receivedAmount: "0.0123456789",
      sendDecimals: 8,
      receiveDecimals: 2,
    });
    // The send side rounds up to its places, the receive side down, less the fixed fee.
    expect(result).toEqual({
      sendAmount: "0.01234568",
      receiveAmount: "95042.35",
      consumedByFee: false,
    });
    const quote = quoteReceive({
      rate,
      sendAmount: "0.0123456789",
      sendDecimals: 8,
      receiveDecimals: 2,
    });
    expect(result.receiveAmount).toBe(quote.receiveAmount);
  });

  it("says when the fee takes everything", () => {
    const result = recalculateAmounts({
      rate: { send_rate: "1", receive_rate: "100", comission_amount: "150" },
      receivedAmount: "1",
      sendDecimals: 2,
      receiveDecimals: 2,
    });
    expect(result).toMatchObject({ receiveAmount: "0.00", consumedByFee: true });
  });

  it("answers: accept continues to processing, a refund waits in hold", () => {
    expect(statusAfterAnswer("accept")).toBe("processing");
    expect(statusAfterAnswer("refund")).toBe("hold");
    expect(canAnswerRecalculation({ status: "hold", state: "proposed" })).toBe(true);
    expect(canAnswerRecalculation({ status: "hold", state: "refund_requested" })).toBe(false);
    expect(canAnswerRecalculation({ status: "processing", state: "proposed" })).toBe(false);
  });

  it("refunds the way the money came", () => {
    expect(refundFieldType("crypto")).toBe("crypto_address");
    expect(refundFieldType("bank")).toBe("card_number");
    expect(refundFieldType("ewallet")).toBe("text");
  });
});
