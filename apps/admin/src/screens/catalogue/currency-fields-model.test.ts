import type { AdminCurrency } from "@obmen/contracts";
import { FORMAT_FIELD_TYPE, ORDER_FIELD_TYPES } from "@obmen/domain";
import { describe, expect, it } from "vitest";
import {
  FIELD_TYPES,
  FORMAT_TYPE,
  fieldDrafts,
  fieldsRequest,
  formatsFor,
  newField,
} from "./currency-fields-model.ts";

describe("the order field definitions editor", () => {
  it("offers exactly the types and formats the public API validates with", () => {
    expect(FIELD_TYPES).toEqual(ORDER_FIELD_TYPES);
    expect(FORMAT_TYPE).toEqual(FORMAT_FIELD_TYPE);
    expect(formatsFor("phone")).toEqual(["sbp_phone"]);
    expect(formatsFor("card_number")).toEqual([]);
  });

  it("sends back what it was given unchanged", () => {
    const field = {
      side: "receive" as const,
      key: "receive_wallet",
      type: "crypto_address" as const,
      network: "TRX",
      format: null,
      label_ru: "Кошелёк",
      label_en: "Wallet",
      label_uk: "Гаманець",
      required: true,
      sort_order: 1,
    };
    const currency = { fields: [field] } as unknown as AdminCurrency;
    expect(fieldsRequest(fieldDrafts(currency))).toEqual({ fields: [field] });
  });

  it("sends a network only for an address, upper-cased, and an unreadable order as typed", () => {
    const draft = {
      ...newField("send", 2),
      key: " send_card ",
      network: "trx",
      type: "card_number" as const,
    };
    expect(fieldsRequest([draft]).fields[0]).toMatchObject({
      key: "send_card",
      network: null,
      format: null,
      sort_order: 2,
    });
    const address = { ...draft, type: "crypto_address" as const, sort_order: "first" };
    expect(fieldsRequest([address]).fields[0]).toMatchObject({
      network: "TRX",
      sort_order: "first",
    });
  });
});
