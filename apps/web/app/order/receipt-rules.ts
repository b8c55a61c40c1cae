import { MAX_RECEIPT_BYTES } from "@obmen/domain";

/** What the file input offers; the API judges the file by its content in the end. */
export const RECEIPT_ACCEPT = "image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf";

const TYPES = new Set(["image/jpeg", "image/png", "application/pdf"]);
const EXTENSIONS = /\.(jpe?g|png|pdf)$/i;

export type ReceiptProblem = "missing" | "too_large" | "wrong_type";

/**
 * Checks a chosen receipt before it travels: in the browser as soon as it is picked, and again
 * in the order page's action (a request can skip the browser). Either the declared type or the
 * name may vouch for it: phones label camera pictures inconsistently.
 */
export function checkReceiptFile(
  file: { name: string; size: number; type: string } | null,
): ReceiptProblem | null {
  if (!file || file.size === 0) return "missing";
  if (file.size > MAX_RECEIPT_BYTES) return "too_large";
  if (!TYPES.has(file.type) && !EXTENSIONS.test(file.name)) return "wrong_type";
  return null;
}
