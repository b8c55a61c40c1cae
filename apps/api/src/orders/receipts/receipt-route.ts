import multipart from "@fastify/multipart";
import { AppError, ErrorCode, SendReceiptRequest, SendReceiptResponse } from "@obmen/contracts";
import { TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { MAX_RECEIPT_BYTES } from "@obmen/domain";
import type { ApiRoutes } from "../../api-routes.ts";
import { openSignedRequest } from "../../http/open-signed-request.ts";
import { type SignedRouteDoc, sendData } from "../../http/signed-route.ts";
import { validatePayload } from "../../http/validate-payload.ts";
import { attachReceipt } from "./attach-receipt.ts";

/**
 * `/rest/send-receipt` is multipart, so its envelope travels as the form fields `data` and
 * `signed` next to one `file` part; the signed payload names the file's sha256.
 */
export function registerReceiptRoute({ app, deps, security, docs, checkResponses }: ApiRoutes) {
  const route: SignedRouteDoc = {
    path: "/rest/send-receipt",
    methods: ["POST"],
    summary:
      "Attach a payment receipt (multipart: fields data, signed; part file: JPEG, PNG or PDF ≤ 10 MB)",
    payload: SendReceiptRequest,
    response: SendReceiptResponse,
  };
  docs.push(route);
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 5 },
    });
    scope.post(
      "/rest/send-receipt",
      { bodyLimit: MAX_RECEIPT_BYTES + 256 * 1024 },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
        const fields: Record<string, string> = {};
        let file: { name: string; content: Buffer } | null = null;
        for await (const part of request.parts()) {
          if (part.type === "file") {
            file = { name: part.filename, content: await part.toBuffer() };
          } else if (typeof part.value === "string") {
            fields[part.fieldname] = part.value;
          }
        }
        const header = request.headers[TIMESTAMP_HEADER];
        const signed = await openSignedRequest({
          envelope: { data: fields.data, signed: fields.signed },
          timestampHeader: typeof header === "string" ? header : undefined,
          clients: security.clients,
          replayGuard: security.replayGuard,
          onLang: (lang) => {
            request.apiLang = lang;
          },
        });
        const payload = validatePayload(SendReceiptRequest, signed.payload);
        if (!file) {
          throw new AppError(ErrorCode.VALIDATION_FAILED, {
            fields: { file: { key: "Order.Receipt.Error.missing" } },
          });
        }
        const result = await attachReceipt({
          db: deps.db,
          orderId: payload.exchange_uuid,
          fileName: file.name,
          content: file.content,
          signedSha256: payload.file_sha256,
        });
        return sendData(reply, { data: result, route, checkResponses });
      },
    );
  });
}
