import { OrderId } from "@obmen/contracts";

/** Order numbers are `exchange_uuid`s, checked as the API checks them; anything else is not an order. */
export function isOrderId(value: string): boolean {
  return OrderId.safeParse(value).success;
}
