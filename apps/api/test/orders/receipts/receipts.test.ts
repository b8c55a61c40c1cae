import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { orderReceipts } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs } from "../../support/orders.ts";
import { callApi, startTestApi, TEST_CLIENT, type TestApi } from "../../support/test-api.ts";

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

/** A multipart body by hand: the envelope as fields, the file as one part. */
function multipart(
  fields: Record<string, string>,
  file: { name: string; type: string; content: Buffer } | null,
) {
  const boundary = "----obmen-test-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe("/rest/send-receipt", () => {
  let api: TestApi;
  let uuid: string;
  beforeAll(async () => {
    api = await startTestApi();
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    uuid = (
      await callApi(api.app, "/rest/exchange/create", createForm(pair, { send_amount: "100" }))
    ).body.data.exchange_uuid;
  });
  afterAll(() => api.close());

  async function upload(
    content: Buffer,
    options: { name?: string; type?: string; signedHash?: string } = {},
  ) {
    const { envelope, timestamp } = sealEnvelope({
      payload: {
        exchange_uuid: uuid,
        file_sha256: options.signedHash ?? createHash("sha256").update(content).digest("hex"),
      },
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip: "203.0.113.5",
      lang: "en",
    });
    const { body, contentType } = multipart(
      { data: envelope.data, signed: envelope.signed },
      { name: options.name ?? "receipt.png", type: options.type ?? "image/png", content },
    );
    const response = await api.app.inject({
      method: "POST",
      url: "/rest/send-receipt",
      headers: { "content-type": contentType, [TIMESTAMP_HEADER]: String(timestamp) },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  }

  it("stores a PNG and a PDF judged by content, with a safe name", async () => {
    const png = await upload(PNG, { name: "../../etc/чек <1>.png" });
    expect(png.status).toBe(200);
    const pdf = await upload(PDF, { name: "bank.pdf", type: "application/octet-stream" });
    expect(pdf.status).toBe(200);
    const rows = await api.db.select().from(orderReceipts).where(eq(orderReceipts.orderId, uuid));
    expect(rows.map((row) => [row.mimeType, row.sizeBytes])).toEqual([
      ["image/png", PNG.length],
      ["application/pdf", PDF.length],
    ]);
    // The multipart parser keeps only the base name; we strip what is left of markup.
    expect(rows[0]!.fileName).toBe("чек _1_.png");
    expect(Buffer.compare(rows[0]!.content, PNG)).toBe(0);
    const info = (await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid })).body.data;
    expect(info.receipts).toHaveLength(2);
  });

  it("refuses a file that is not JPEG, PNG or PDF whatever it claims to be", async () => {
    const html = await upload(Buffer.from("<html><script>alert(1)</script></html>"), {
      name: "receipt.png",
      type: "image/png",
    });
    expect(html.status).toBe(422);
    expect(html.body.error.fields.file).toBe("Upload the receipt as a JPEG, PNG or PDF");
  });

  it("refuses an image hiding markup and a PDF with a script, a launch or a file inside", async () => {
    const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
    const polyglot = Buffer.concat([jpegHead, Buffer.from("<html><script>alert(1)</script>")]);
    const pdf = (body: string | Buffer) =>
      Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from(body), Buffer.from("\n%%EOF\n")]);
    const compressed = deflateSync("<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>");
    const refused = {
      "a JPEG/HTML polyglot": polyglot,
      "a PNG with SVG inside": Buffer.concat([PNG, Buffer.from("<svg onload=alert(1)>")]),
      "a PDF opening with JavaScript": pdf(
        "1 0 obj << /OpenAction << /S /JavaScript /JS (x) >> >> endobj",
      ),
      "a PDF spelling it J#61vaScript": pdf(
        "1 0 obj << /OpenAction << /S /J#61vaScript >> >> endobj",
      ),
      "a PDF with JavaScript in a compressed object stream": pdf(
        Buffer.concat([
          Buffer.from("2 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\n"),
          compressed,
          Buffer.from("\nendstream\nendobj"),
        ]),
      ),
      "a PDF launching a program": pdf("1 0 obj << /S /Launch /F (cmd.exe) >> endobj"),
      "a PDF carrying a file": pdf("1 0 obj << /Names << /EmbeddedFiles 2 0 R >> >> endobj"),
    };
    for (const [name, content] of Object.entries(refused)) {
      const answer = await upload(content, { name: "receipt.bin", type: "image/jpeg" });
      expect(answer.status, name).toBe(422);
      expect(answer.body.error.fields.file, name).toBe(
        "The file contains a script or an attachment. Upload a screenshot or a plain PDF from your bank",
      );
    }
    // A bank's PDF with a link and a page that opens at its top is fine.
    const plain = pdf(
      "1 0 obj << /OpenAction [3 0 R /Fit] /A << /S /URI /URI (https://bank.example) >> >> endobj",
    );
    expect((await upload(plain, { name: "bank.pdf", type: "application/pdf" })).status).toBe(200);
  });

  it("answers a body that is not the multipart it claims to be with 400, never 500", async () => {
    const bodies: [string, string | Buffer][] = [
      ["multipart/form-data; boundary=x", "--x\r\ngarbage"],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\nabc',
      ],
      ["multipart/form-data", "abc"],
    ];
    for (const [contentType, payload] of bodies) {
      const response = await api.app.inject({
        method: "POST",
        url: "/rest/send-receipt",
        headers: { "content-type": contentType },
        payload,
      });
      expect(response.statusCode, `${contentType}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.code).toMatch(/^(BAD_ENVELOPE|UNSUPPORTED_MEDIA_TYPE)$/);
    }
  });

  it("checks the signature before keeping the file: a file sent before its envelope is refused", async () => {
    const { envelope, timestamp } = sealEnvelope({
      payload: { exchange_uuid: uuid, file_sha256: createHash("sha256").update(PNG).digest("hex") },
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip: "203.0.113.5",
    });
    const filePart = multipart({}, { name: "r.png", type: "image/png", content: PNG });
    const fieldParts = multipart({ data: envelope.data, signed: envelope.signed }, null);
    const closing = Buffer.from("------obmen-test-boundary--\r\n");
    // The same parts as a valid upload, only the file first.
    const fileFirst = Buffer.concat([filePart.body.subarray(0, -closing.length), fieldParts.body]);
    const response = await api.app.inject({
      method: "POST",
      url: "/rest/send-receipt",
      headers: { "content-type": filePart.contentType, [TIMESTAMP_HEADER]: String(timestamp) },
      payload: fileFirst,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("BAD_ENVELOPE");
  });

  it("refuses a file other than the one signed", async () => {
    const swapped = await upload(PNG, { signedHash: "0".repeat(64) });
    expect(swapped.status).toBe(401);
    expect(swapped.body.error.code).toBe("BAD_SIGNATURE");
  });

  it("refuses a file over 10 MB with PAYLOAD_TOO_LARGE", async () => {
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(huge);
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a JSON body with UNSUPPORTED_MEDIA_TYPE", async () => {
    const response = await api.app.inject({
      method: "POST",
      url: "/rest/send-receipt",
      payload: { data: "x" },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
});
