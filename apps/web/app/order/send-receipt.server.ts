import type { CallerContext, ObmenClient } from "@obmen/contracts/sdk";
import { isApiCallError } from "../api-call-error.ts";

/**
 * The order page's receipt upload: the browser posts the file to the page's action (whose form
 * schema has checked it, order-action-form.server.ts), and the web tier signs and forwards it
 * (DESIGN.md: no secret in the browser). Returns the message to show next to the file input,
 * or null when the receipt is attached.
 */
export async function sendReceipt(options: {
  api: ObmenClient;
  caller: CallerContext;
  orderId: string;
  file: File;
}): Promise<{ error: string; status: number } | null> {
  const { api, caller, orderId, file } = options;
  try {
    await api.receipts.send(caller, {
      orderId,
      fileName: file.name,
      content: Buffer.from(await file.arrayBuffer()),
    });
    return null;
  } catch (error) {
    if (!isApiCallError(error) || error.status >= 500) throw error;
    const { message, fields } = error.body.error;
    // The API names the file's problem under `fields.file`; its message covers the rest.
    return { error: fields?.file ?? message, status: error.status };
  }
}
