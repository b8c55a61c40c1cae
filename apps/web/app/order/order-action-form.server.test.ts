import { describe, expect, it } from "vitest";
import { parseFormData } from "../forms/parse-form-data.ts";
import { getServerT } from "../i18n/catalogs.server.ts";
import { OrderActionForm, orderActionMessage } from "./order-action-form.server.ts";

const t = getServerT("en");

function submit(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return parseFormData(form, { schema: OrderActionForm, message: orderActionMessage(t) });
}

describe("the order page's forms", () => {
  it("read the customer's status changes, and no other status", () => {
    expect(submit([["intent", "paid"]])).toMatchObject({
      success: true,
      value: { intent: "paid" },
    });
    expect(submit([["intent", "cancelled"]])).toMatchObject({ value: { intent: "cancelled" } });
    expect(submit([["intent", "completed"]])).toMatchObject({
      success: false,
      errors: { intent: t("Order.ActionFailed") },
    });
    expect(submit([])).toMatchObject({ errors: { intent: t("Order.ActionFailed") } });
  });

  it("read a review by the API's rating rule: a whole number of stars from 1 to 5", () => {
    expect(
      submit([
        ["intent", "review"],
        ["rating", "5"],
        ["text", "  Fast!  "],
      ]),
    ).toMatchObject({ success: true, value: { intent: "review", rating: 5, text: "Fast!" } });
    expect(
      submit([
        ["intent", "review"],
        ["rating", "3"],
      ]),
    ).toMatchObject({ value: { rating: 3, text: "" } });
    for (const rating of [null, "", "0", "6", "4.5", "five"]) {
      const entries: [string, string][] = [["intent", "review"]];
      if (rating !== null) entries.push(["rating", rating]);
      expect(submit(entries), String(rating)).toMatchObject({
        success: false,
        errors: { rating: t("Order.RatingRequired") },
      });
    }
    expect(
      submit([
        ["intent", "review"],
        ["rating", "4"],
        ["text", "x".repeat(2001)],
      ]),
    ).toMatchObject({ errors: { text: t("OrderField.too_long") } });
  });

  it("read the answers to a recalculation: accept, or a refund with its details (decision 035)", () => {
    expect(
      submit([
        ["intent", "recalculation_accept"],
        ["recalculation_id", "7"],
      ]),
    ).toMatchObject({
      success: true,
      value: { intent: "recalculation_accept", recalculation_id: 7 },
    });
    expect(
      submit([
        ["intent", "recalculation_refund"],
        ["recalculation_id", "7"],
        ["refund_to", "  TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL "],
      ]),
    ).toMatchObject({ value: { refund_to: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL" } });
    expect(
      submit([
        ["intent", "recalculation_refund"],
        ["recalculation_id", "7"],
        ["refund_to", "   "],
      ]),
    ).toMatchObject({
      success: false,
      errors: { refund_to: t("Order.Recalculation.RefundRequired") },
    });
    expect(
      submit([
        ["intent", "recalculation_accept"],
        ["recalculation_id", "x"],
      ]),
    ).toMatchObject({ success: false });
  });

  it("read a receipt as the browser checked it, each problem in its own words", () => {
    const pdf = new File(["%PDF-1.7"], "receipt.pdf", { type: "application/pdf" });
    expect(
      submit([
        ["intent", "receipt"],
        ["receipt", pdf],
      ]),
    ).toMatchObject({ success: true, value: { intent: "receipt", receipt: pdf } });
    expect(submit([["intent", "receipt"]])).toMatchObject({
      errors: { receipt: t("Order.Receipt.Error.missing") },
    });
    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    expect(
      submit([
        ["intent", "receipt"],
        ["receipt", text],
      ]),
    ).toMatchObject({ errors: { receipt: t("Order.Receipt.Error.wrong_type") } });
  });
});
