import { inflateSync } from "node:zlib";

/**
 * Finds what could act when a receipt is opened (issue 16 point 10): markup hidden in an
 * image (a JPEG/HTML polyglot renders as a page if anything ever serves it as HTML) and PDF
 * actions that run or launch something. The console serves receipts sandboxed as well; this
 * keeps such files out in the first place. A heuristic scan, like pdfid's, not a parser:
 * a real receipt (a photo, a screenshot, a bank's statement) has none of these.
 */
const MARKUP = /<(?:script|html|body|svg|iframe|object|embed|!doctype|\?xml)\b|javascript:/i;
/** PDF names whose actions run code, open other files or carry files of their own. */
const PDF_ACTIVE_NAMES =
  /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData)(?![A-Za-z0-9])/;
/** Compressed streams are inflated to be scanned too, within this much output each. */
const MAX_INFLATED_BYTES = 4 * 1024 * 1024;

export function hasActiveContent(
  content: Buffer,
  type: "image/jpeg" | "image/png" | "application/pdf",
): boolean {
  const text = content.toString("latin1");
  if (type !== "application/pdf") return MARKUP.test(text);
  return pdfTexts(text).some((part) => PDF_ACTIVE_NAMES.test(decodeNameEscapes(part)));
}

/** The file's own text and that of every stream that inflates (object streams hide names). */
function pdfTexts(text: string): string[] {
  const parts = [text];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    try {
      const raw = Buffer.from(text.slice(start, end), "latin1");
      parts.push(inflateSync(raw, { maxOutputLength: MAX_INFLATED_BYTES }).toString("latin1"));
    } catch {
      // Not deflated (an image's own encoding) or cut short: scanned as it stands above.
    }
    streams.lastIndex = end;
  }
  return parts;
}

/** `/J#61vaScript` is `/JavaScript`: PDF names may spell any byte as #xx. */
function decodeNameEscapes(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}
