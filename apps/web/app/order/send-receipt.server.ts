import type { CallerContext, ObmenClient } from "@obmen/contracts/sdk";
import type { WebTranslate as Translate } from "@obmen/i18n";
import { isApiCallError } from "../api-call-error.ts";
import { checkReceiptFile } from "./receipt-rules.ts";

/**
 * The order page's receipt upload: the browser posts the file to the page's action, and the
 * web tier signs and forwards it (DESIGN.md: no secret in the browser). Returns the message to
 * show next to the file input, or null when the receipt is attached.
 */
export async function sendReceiptFromForm(options: {
  api: ObmenClient;
  caller: CallerContext;
  orderId: string;
  form: FormData;
  t: Translate;
}): Promise<{ error: string; status: number } | null> {
  const { api, caller, orderId, form, t } = options;
  const entry = form.get("receipt");
  const file = entry instanceof File ? entry : null;
  const problem = checkReceiptFile(file);
  if (problem !== null || file === null) {
    return { error: t(`Order.Receipt.Error.${problem ?? "missing"}`), status: 422 };
  }
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
