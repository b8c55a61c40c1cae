import { orders } from "@obmen/db";
import { isPlainDecimal } from "@obmen/domain";
import { eq, type SQL, sql } from "drizzle-orm";

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The start of an order number as an operator reads it out: four hex digits or more. */
const UUID_START = /^[0-9a-f-]{4,36}$/i;

/**
 * What the desk's `q` matches (`GET /admin/api/orders`), each arm answered by an index so a
 * search stays an index lookup at a million orders (decision 038, migration 0019):
 * - a whole order number: the primary key alone;
 * - the number's start: a primary-key range (`0b5e…` is every uuid from `0b5e0000-…` to
 *   `0b5effff-…`);
 * - the customer's e-mail by its start (`lower(email) text_pattern_ops`);
 * - an amount sent or received, compared as a number ("100" finds 100.00);
 * - a value the customer filled in (card, wallet, phone, name), whole: as typed and without
 *   spaces and dashes, since orders keep "4111111111111111" while operators paste
 *   "4111 1111 …" (GIN `jsonb_path_ops` on `fields`).
 * A substring anywhere in an e-mail or a value would need a trigram index on both engines;
 * the start of an address and the whole of a value are what operators paste.
 */
export function searchCondition(q: string): SQL {
  const text = q.trim();
  if (FULL_UUID.test(text)) return eq(orders.id, text.toLowerCase());
  const conditions: SQL[] = [
    sql`lower(${orders.email}) like ${`${likeEscape(text.toLowerCase())}%`}`,
  ];
  const range = uuidRange(text);
  if (range) {
    conditions.push(sql`${orders.id} between ${range.from}::uuid and ${range.to}::uuid`);
  }
  const amount = text.replace(",", ".");
  if (isPlainDecimal(amount) && !amount.startsWith("-")) {
    conditions.push(
      sql`${orders.sendAmount} = ${amount}::numeric`,
      sql`${orders.receiveAmount} = ${amount}::numeric`,
    );
  }
  const compact = text.replace(/[\s-]+/g, "");
  for (const value of new Set([text, compact])) {
    if (value) conditions.push(sql`${orders.fields} @> ${JSON.stringify([{ value }])}::jsonb`);
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** `%` and `_` typed by the operator are themselves, not wildcards. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The uuids starting with these hex digits, as the lowest and highest such uuid. */
function uuidRange(text: string): { from: string; to: string } | null {
  if (!UUID_START.test(text)) return null;
  const digits = text.replace(/-/g, "").toLowerCase();
  if (digits.length < 4 || digits.length > 32) return null;
  const format = (hex: string) =>
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { from: format(digits.padEnd(32, "0")), to: format(digits.padEnd(32, "f")) };
}
