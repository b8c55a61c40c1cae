import type { AdminFieldDefinition, FieldProblem } from "@obmen/contracts";
import { FORMAT_FIELD_TYPE } from "@obmen/domain";
import type { z } from "zod";

type Definition = z.output<typeof AdminFieldDefinition>;

/**
 * What the database's checks on `currency_fields` would refuse, as field problems under
 * `fields.<index>.<name>` (a 422, never a 500): a key that does not start with its side, a key
 * twice on one side, `network` missing on an address field or given on another, a `format`
 * that does not narrow the field's type (decision 025).
 */
export function fieldDefinitionProblems(definitions: Definition[]): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const seen = new Set<string>();
  definitions.forEach((field, index) => {
    const at = `fields.${index}`;
    if (!field.key.startsWith(`${field.side}_`)) {
      problems[`${at}.key`] = { key: "AdminErrors.FieldKeySide", values: { side: field.side } };
    } else if (seen.has(field.key)) {
      problems[`${at}.key`] = { key: "AdminErrors.NameTaken" };
    }
    seen.add(field.key);
    if ((field.type === "crypto_address") !== Boolean(field.network)) {
      problems[`${at}.network`] = {
        key:
          field.type === "crypto_address"
            ? "AdminErrors.NetworkRequired"
            : "AdminErrors.NetworkOnlyForAddress",
      };
    }
    if (field.format && FORMAT_FIELD_TYPE[field.format] !== field.type) {
      problems[`${at}.format`] = {
        key: "AdminErrors.FormatType",
        values: { type: FORMAT_FIELD_TYPE[field.format] },
      };
    }
  });
  return problems;
}

/** The row values of definitions for `currency_fields`. */
export function fieldDefinitionRows(currencyId: number, definitions: Definition[]) {
  return definitions.map((field) => ({
    currencyId,
    side: field.side,
    key: field.key,
    type: field.type,
    network: field.network ?? null,
    format: field.format ?? null,
    labelRu: field.label_ru,
    labelEn: field.label_en,
    labelUk: field.label_uk,
    required: field.required,
    sortOrder: field.sort_order,
  }));
}
