/**
 * Just enough MIME to read what nodemailer sends: RFC 2047 encoded-word headers and
 * multipart/alternative with quoted-printable or base64 parts. `raw` is the message as latin1,
 * one char per byte, so bytes survive until each part is decoded as UTF-8.
 */
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const parts = new Map<string, string>();
  collectParts(headers, body, parts);
  return {
    headers,
    subject: decodeEncodedWords(headers.get("subject") ?? ""),
    text: parts.get("text/plain") ?? "",
    html: parts.get("text/html") ?? "",
  };
}

function splitEntity(raw: string) {
  const end = raw.indexOf("\r\n\r\n");
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Map<string, string>, body: string, parts: Map<string, string>) {
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const entity = splitEntity(section.replace(/^\r\n/, ""));
      collectParts(entity.headers, entity.body, parts);
    }
    return;
  }
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  parts.set(type, decodeBody(body.replace(/\r\n$/, ""), encoding).replace(/\r\n/g, "\n"));
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body).toString("utf8");
  return Buffer.from(body, "latin1").toString("utf8");
}

function decodeQuotedPrintable(text: string): Buffer {
  const unfolded = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(unfolded.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}

/** Adjacent encoded words join without the space between them (RFC 2047 §6.2). */
function decodeEncodedWords(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, "?==?");
  return joined.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) => {
    const bytes: Buffer[] = [];
    for (const [, , kind, data] of run.matchAll(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g)) {
      bytes.push(
        kind!.toUpperCase() === "B"
          ? Buffer.from(data!, "base64")
          : decodeQuotedPrintable(data!.replace(/_/g, " ")),
      );
    }
    return Buffer.concat(bytes).toString("utf8");
  });
}
