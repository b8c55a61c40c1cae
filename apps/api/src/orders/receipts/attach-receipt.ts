import { createHash } from "node:crypto";
import { AppError, ErrorCode, type SendReceiptResult } from "@obmen/contracts";
import { type Database, orderReceipts, orders } from "@obmen/db";
import { acceptsReceipts, MAX_RECEIPT_BYTES } from "@obmen/domain";
import type { MessageKey } from "@obmen/i18n";
import { count, eq } from "drizzle-orm";
import { hasActiveContent } from "./active-content.ts";

const MAX_RECEIPTS_PER_ORDER = 5;

/** What the bytes are, judged by their content: the file name and the client's type lie. */
function sniffReceiptType(content: Buffer): "image/jpeg" | "image/png" | "application/pdf" | null {
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) {
    return "image/jpeg";
  }
  if (
    content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "image/png";
  }
  if (content.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  return null;
}

/**
 * `/rest/send-receipt`: stores a payment receipt (JPEG, PNG or PDF, ≤ 10 MB) with its order.
 * It is kept in the database for operators only; no endpoint serves it back to customers.
 */
export async function attachReceipt(options: {
  db: Database;
  orderId: string;
  fileName: string;
  content: Buffer;
  /** The sha256 the client signed, proving the file is the one the envelope was made for. */
  signedSha256: string;
}): Promise<SendReceiptResult> {
  const { db, content } = options;
  const invalid = (key: MessageKey) =>
    new AppError(ErrorCode.VALIDATION_FAILED, { fields: { file: { key } } });
  const sha256 = createHash("sha256").update(content).digest("hex");
  if (sha256 !== options.signedSha256.toLowerCase()) {
    throw new AppError(ErrorCode.BAD_SIGNATURE);
  }
  if (content.length === 0) throw invalid("Order.Receipt.Error.empty");
  if (content.length > MAX_RECEIPT_BYTES) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE);
  }
  const mimeType = sniffReceiptType(content);
  if (!mimeType) throw invalid("Order.Receipt.Error.wrong_type");
  if (hasActiveContent(content, mimeType)) throw invalid("Order.Receipt.Error.active_content");

  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, options.orderId))
      .for("update");
    if (!order) throw new AppError(ErrorCode.NOT_FOUND);
    if (!acceptsReceipts(order.status)) {
      throw new AppError(ErrorCode.CONFLICT, {
        details: { exchange_status: order.status },
      });
    }
    const [existing] = await tx
      .select({ total: count() })
      .from(orderReceipts)
      .where(eq(orderReceipts.orderId, options.orderId));
    if ((existing?.total ?? 0) >= MAX_RECEIPTS_PER_ORDER)
      throw invalid("Order.Receipt.Error.too_many_files");
    const [row] = await tx
      .insert(orderReceipts)
      .values({
        orderId: options.orderId,
        fileName: safeFileName(options.fileName, mimeType),
        mimeType,
        sizeBytes: content.length,
        content,
        sha256,
      })
      .returning({ id: orderReceipts.id });
    return { receipt_id: row!.id };
  });
}

/** Keeps a readable name but nothing a path, a header or HTML could trip over. */
function safeFileName(name: string, mimeType: string): string {
  const extension = { "image/jpeg": ".jpg", "image/png": ".png", "application/pdf": ".pdf" }[
    mimeType
  ];
  const base = name
    .replace(/\.[^.]*$/, "")
    .replace(/[^\p{L}\p{N} _-]+/gu, "_")
    .slice(0, 80)
    .trim();
  return `${base || "receipt"}${extension}`;
}
