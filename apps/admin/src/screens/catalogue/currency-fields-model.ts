import type { AdminCurrency } from "@obmen/contracts";

/**
 * A currency's order field definitions as the editor holds them, and the body of
 * `PUT /admin/api/currencies/{id}/fields` (pure, tested in catalogue-fields-model.test.ts).
 * The types and formats are the ones the public API validates order fields with (decision
 * 025), written out so the console's bundle does not pull in the domain package; the test
 * holds them equal to the domain's lists.
 */
export const FIELD_TYPES = [
  "crypto_address",
  "card_number",
  "phone",
  "full_name",
  "email",
  "text",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Each format narrows exactly one type (the domain's FORMAT_FIELD_TYPE). */
export const FORMAT_TYPE = {
  yoomoney_wallet: "text",
  payeer_account: "text",
  advcash_usd_wallet: "text",
  iban: "text",
  sbp_phone: "phone",
} as const satisfies Record<string, FieldType>;
export type FieldFormat = keyof typeof FORMAT_TYPE;

export function formatsFor(type: FieldType): FieldFormat[] {
  return (Object.keys(FORMAT_TYPE) as FieldFormat[]).filter(
    (format) => FORMAT_TYPE[format] === type,
  );
}

export interface FieldDraft {
  side: "send" | "receive";
  key: string;
  type: FieldType;
  network: string;
  format: string;
  label_ru: string;
  label_en: string;
  label_uk: string;
  required: boolean;
  sort_order: string;
}

export function fieldDrafts(currency: AdminCurrency): FieldDraft[] {
  return currency.fields.map((field) => ({
    side: field.side,
    key: field.key,
    type: field.type,
    network: field.network ?? "",
    format: field.format ?? "",
    label_ru: field.label_ru,
    label_en: field.label_en,
    label_uk: field.label_uk,
    required: field.required,
    sort_order: String(field.sort_order),
  }));
}

/** A new row: the side's prefix typed already, since the key must start with it. */
export function newField(side: "send" | "receive", order: number): FieldDraft {
  return {
    side,
    key: `${side}_`,
    type: "text",
    network: "",
    format: "",
    label_ru: "",
    label_en: "",
    label_uk: "",
    required: true,
    sort_order: String(order),
  };
}

/**
 * The request body. A network only for an address (upper-cased, as the API wants it), a
 * format only if chosen; an order that is not a whole number is sent as typed, so the API
 * names the field.
 */
export function fieldsRequest(drafts: FieldDraft[]) {
  return {
    fields: drafts.map((draft) => ({
      side: draft.side,
      key: draft.key.trim(),
      type: draft.type,
      network: draft.type === "crypto_address" ? draft.network.trim().toUpperCase() || null : null,
      format: draft.format || null,
      label_ru: draft.label_ru,
      label_en: draft.label_en,
      label_uk: draft.label_uk,
      required: draft.required,
      sort_order: /^-?\d+$/.test(draft.sort_order.trim())
        ? Number(draft.sort_order.trim())
        : draft.sort_order,
    })),
  };
}
