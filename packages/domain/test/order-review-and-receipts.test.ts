import { describe, expect, it } from "vitest";
import {
  acceptsReceipts,
  CUSTOMER_STATUSES,
  isCustomerStatus,
  MAX_RATING,
  MIN_RATING,
  nextStatuses,
  ORDER_STATUSES,
  RATINGS,
} from "../src/index.ts";

describe("what a customer may do with an order", () => {
  it("sets only the statuses the transition table lets a customer set", () => {
    const customerSets = new Set(
      ORDER_STATUSES.flatMap((from) => nextStatuses({ from, actor: "customer" })),
    );
    expect([...customerSets].sort()).toEqual([...CUSTOMER_STATUSES].sort());
    expect(ORDER_STATUSES.filter(isCustomerStatus)).toEqual(["paid", "cancelled"]);
  });

  it("rates with whole stars from 1 to 5", () => {
    expect(RATINGS).toEqual([1, 2, 3, 4, 5]);
    expect([MIN_RATING, MAX_RATING]).toEqual([1, 5]);
  });

  it("attaches receipts while the payment is open only", () => {
    expect(ORDER_STATUSES.filter(acceptsReceipts)).toEqual(["new", "paid", "processing", "hold"]);
  });
});
