import { createHash, randomBytes } from "node:crypto";
import { TIMESTAMP_HEADER } from "../envelope.ts";
import {
  type SendReceiptRequest,
  SendReceiptResponse,
  type SendReceiptResult,
} from "../receipts.ts";
import { type CallerContext, type ClientCredentials, sealFor, sendWithRetries } from "./client.ts";
import type { Transport } from "./transport.ts";

export interface ReceiptUpload {
  orderId: string;
  /** The name the customer's file had; the API keeps a cleaned-up version of it. */
  fileName: string;
  content: Buffer;
}

/**
 * `/rest/send-receipt` (spec §7): the envelope travels as the multipart fields `data` and
 * `signed` next to one `file` part, and the signed payload names the file's sha256, so the
 * signature covers the file too (apps/api/src/orders/receipts/receipt-route.ts). Not retried: a
 * repeat would attach the same receipt twice.
 */
export function sendReceipt(options: {
  transport: Transport;
  credentials: ClientCredentials;
  caller: CallerContext;
  upload: ReceiptUpload;
}): Promise<SendReceiptResult> {
  const { transport, credentials, caller, upload } = options;
  const payload: SendReceiptRequest = {
    exchange_uuid: upload.orderId,
    file_sha256: createHash("sha256").update(upload.content).digest("hex"),
  };
  return sendWithRetries({
    transport,
    idempotent: false,
    response: SendReceiptResponse,
    buildRequest: () => {
      const { envelope, timestamp } = sealFor(credentials, caller, payload);
      const { body, contentType } = multipartBody(
        { data: envelope.data, signed: envelope.signed },
        { name: upload.fileName, content: upload.content },
      );
      return {
        method: "POST",
        url: "/rest/send-receipt",
        headers: { [TIMESTAMP_HEADER]: String(timestamp), "content-type": contentType },
        body,
      };
    },
  });
}

/** A `multipart/form-data` body: text fields, then the file as the part named `file`. */
function multipartBody(
  fields: Record<string, string>,
  file: { name: string; content: Buffer },
): { body: Buffer; contentType: string } {
  const boundary = `----obmen-${randomBytes(12).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  // A quote or a line break in the name would end the header early.
  const fileName = file.name.replace(/["\r\n\\]/g, "_") || "receipt";
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
