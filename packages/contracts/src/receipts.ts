import { z } from "zod";
import { OrderId } from "./orders.ts";
import { dataResponse } from "./response.ts";

/**
 * The signed payload of `/rest/send-receipt` (multipart: the envelope travels as the fields
 * `data` and `signed` next to one `file` part). It names the file's sha256, so the signature
 * covers the file too.
 */
export const SendReceiptRequest = z.strictObject({
  exchange_uuid: OrderId,
  file_sha256: z.string().regex(/^[0-9a-fA-F]{64}$/),
});
export type SendReceiptRequest = z.infer<typeof SendReceiptRequest>;

export const SendReceiptResult = z.object({ receipt_id: z.number().int().positive() });
export type SendReceiptResult = z.infer<typeof SendReceiptResult>;
export const SendReceiptResponse = dataResponse(SendReceiptResult);
