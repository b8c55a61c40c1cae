import { z } from "zod";
import { dataResponse } from "./response.ts";
import { RowId, WholeNumber } from "./whole-number.ts";

/**
 * The console's risk controls (issue 29, docs/decisions/062-desk-role-and-risk-holds.md):
 * the blacklist and why an order was held. Risk never refuses an order: a match creates it in
 * `hold` with the reason for operators only (DESIGN.md "Risk decides hold, never refusal").
 */

const Timestamp = z.string().describe("ISO 8601 date and time, UTC");

export const BLACKLIST_KINDS = ["email", "wallet", "card", "ip"] as const;
export const BlacklistKind = z.enum(BLACKLIST_KINDS);
export type BlacklistKind = z.infer<typeof BlacklistKind>;

/** `shown`: the value as operators see it (a card masked to its last four digits). */
export const BlacklistEntry = z.object({
  id: z.number().int(),
  kind: BlacklistKind,
  shown: z.string(),
  reason: z.string(),
  created_by: z.string().nullable().describe("the operator's e-mail"),
  created_at: Timestamp,
});
export type BlacklistEntry = z.infer<typeof BlacklistEntry>;

export const BlacklistQuery = z.strictObject({
  kind: BlacklistKind.optional(),
  /** Part of a shown value or reason (a card: its last digits). */
  q: z.string().trim().max(200).optional(),
  page: WholeNumber.pipe(z.number().int().min(1).max(10_000)).default(1),
});

export const BlacklistList = z.object({
  items: z.array(BlacklistEntry),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export const BlacklistListResponse = dataResponse(BlacklistList);

/**
 * A new entry; the value is normalised as the order field it stands for (an e-mail case-folded,
 * a card by its digits, an address and an IP exactly), so 422 under `value` when it is not one.
 */
export const CreateBlacklistEntryRequest = z.strictObject({
  kind: BlacklistKind,
  value: z.string().trim().min(1).max(256),
  reason: z.string().trim().min(1).max(500),
});
export const BlacklistEntryResponse = dataResponse(BlacklistEntry);

export const BlacklistEntryParams = z.strictObject({ id: RowId });
export const RemovedResponse = dataResponse(z.object({ removed: z.literal(true) }));

export const RISK_SOURCES = ["blacklist", "blocked_customer", "aml"] as const;

/** Why the system held an order when it was created; the customer never sees it. */
export const OrderRiskFlag = z.object({
  source: z.enum(RISK_SOURCES),
  /** For a blacklist hit: the entry's kind and shown value as they were when it matched. */
  kind: z.string().nullable(),
  shown: z.string().nullable(),
  reason: z.string(),
  /** A source's own facts: an AML `score` and `provider`, a blocked customer's `user_id`. */
  details: z.record(z.string(), z.unknown()),
  at: Timestamp,
});
export type OrderRiskFlag = z.infer<typeof OrderRiskFlag>;

/**
 * `GET /admin/api/orders/export.csv` (issue 29): orders created from `from` to `to` (UTC days,
 * both included), optionally of one status.
 */
export const OrdersExportQuery = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  status: z
    .enum([
      "new",
      "paid",
      "processing",
      "completed",
      "cancelled",
      "expired",
      "hold",
      "error",
      "refunded",
    ])
    .optional(),
});
