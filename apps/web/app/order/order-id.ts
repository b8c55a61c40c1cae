/** Order numbers are `exchange_uuid`s (DESIGN.md "Orders"); anything else is not an order. */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isOrderId(value: string): boolean {
  return ORDER_ID.test(value);
}
