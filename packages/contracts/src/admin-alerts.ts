import { z } from "zod";
import { dataResponse } from "./response.ts";
import { WholeNumber } from "./whole-number.ts";

/**
 * Operator alerts as the console lists them, each with the state of its deliveries, and the
 * test an admin sends through the configured channels (issue 26 point 10, decision 061).
 */
const Timestamp = z.string().describe("ISO 8601 date and time, UTC");

export const ALERTS_PAGE_SIZE = 50;

export const AdminAlertsQuery = z.strictObject({
  page: WholeNumber.pipe(z.number().int().min(1).max(100_000)).default(1),
});

/** `pending`: not delivered yet (retried with backoff); `skipped`: no chat was set up then. */
export const AlertDeliveryStatus = z.enum(["pending", "sent", "stored", "failed", "skipped"]);
export type AlertDeliveryStatus = z.infer<typeof AlertDeliveryStatus>;

const AlertDelivery = z.object({
  status: AlertDeliveryStatus,
  attempts: z.number().int(),
  /** Why the last attempt failed (the SMTP server's or Telegram's answer), else null. */
  last_error: z.string().nullable(),
  sent_at: Timestamp.nullable(),
});

export const AdminAlert = z.object({
  id: z.number().int(),
  kind: z.enum(["new_order", "paid_order", "low_reserve"]),
  text: z.string(),
  created_at: Timestamp,
  telegram: AlertDelivery,
  /** One per address the alert was mailed to (none for alerts written before issue 26). */
  emails: z.array(AlertDelivery.extend({ to: z.string() })),
});
export type AdminAlert = z.infer<typeof AdminAlert>;

export const AdminAlertListResponse = dataResponse(
  z.object({
    items: z.array(AdminAlert),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);

/**
 * What a test alert did on each channel, at once: `sent` (accepted by the SMTP server or
 * Telegram), `stored` (no SMTP: kept for the dev mailbox), `failed` with the reason, or `off`
 * (the channel is not set up).
 */
export const TestAlertOutcome = z.object({
  status: z.enum(["sent", "stored", "failed", "off"]),
  error: z.string().nullable(),
});

export const AdminTestAlertResult = z.object({
  emails: z.array(TestAlertOutcome.extend({ to: z.string() })),
  telegram: TestAlertOutcome,
});
export type AdminTestAlertResult = z.infer<typeof AdminTestAlertResult>;
export const AdminTestAlertResponse = dataResponse(AdminTestAlertResult);
