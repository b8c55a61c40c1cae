import { customType, timestamp } from "drizzle-orm/pg-core";

/**
 * Postgres writes a fixed-scale numeric with all its trailing zeros (`1.000000000000000000`).
 * Amounts leave the database already normalised, so every reader (API, exports, admin) sees the
 * same canonical decimal string the operator typed, and equality on strings means equality of
 * values.
 */
export function normaliseDecimal(value: string): string {
  if (!value.includes(".")) return value;
  const trimmed = value.replace(/0+$/, "").replace(/\.$/, "");
  return trimmed === "-0" ? "0" : trimmed;
}

/**
 * Money and rates: `numeric(38, 18)` read and written as decimal strings, never JS numbers
 * (DESIGN.md "money"). 20 integer digits hold any reserve; 18 fractional digits hold ETH wei and
 * the smallest inverted rate. The bound makes an absurd value fail loudly instead of being stored.
 */
export const decimal = customType<{ data: string; driverData: string }>({
  dataType() {
    return "numeric(38, 18)";
  },
  fromDriver(value) {
    return normaliseDecimal(String(value));
  },
  toDriver(value) {
    return value;
  },
});

export function createdAt() {
  return timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
}

export function updatedAt() {
  return timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
}

/** Binary content (receipts): Buffer in Node, `bytea` in PostgreSQL. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return "bytea";
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
  toDriver(value) {
    return value;
  },
});
