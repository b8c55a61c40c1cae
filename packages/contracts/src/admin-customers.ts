import { z } from "zod";
import { OrderStatus } from "./orders.ts";
import { dataResponse } from "./response.ts";

/**
 * Customers in the console (issue 29): found by e-mail or order number, their orders and
 * sessions, blocked and unblocked (admin, operator; audited; decision 062).
 */
const Timestamp = z.string().describe("ISO 8601 date and time, UTC");

export const CustomersQuery = z.strictObject({
  /** Part of an e-mail, or an order's whole number (its customer's account). */
  q: z.string().trim().min(1).max(320),
});

export const AdminCustomer = z.object({
  id: z.uuid(),
  email: z.string(),
  created_at: Timestamp,
  blocked_at: Timestamp.nullable(),
  blocked_reason: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof AdminCustomer>;
export const AdminCustomerList = z.object({ items: z.array(AdminCustomer) });
export const AdminCustomerListResponse = dataResponse(AdminCustomerList);

export const AdminCustomerParams = z.strictObject({ id: z.uuid() });

export const AdminCustomerDetail = z.object({
  customer: AdminCustomer,
  /** Orders with the account's e-mail, newest first (the latest 100). */
  orders: z.array(
    z.object({
      exchange_uuid: z.string(),
      exchange_status: OrderStatus,
      send_amount: z.string(),
      receive_amount: z.string(),
      created_at: Timestamp,
    }),
  ),
  /** Live sessions. */
  sessions: z.array(
    z.object({
      id: z.uuid(),
      created_at: Timestamp,
      last_seen_at: Timestamp,
      ip: z.string().nullable(),
    }),
  ),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetail>;
export const AdminCustomerDetailResponse = dataResponse(AdminCustomerDetail);

export const BlockCustomerRequest = z.strictObject({
  reason: z.string().trim().min(1).max(500),
});
export const AdminCustomerResponse = dataResponse(AdminCustomer);
