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
        const header = request.headers[TIMESTAMP_HEADER];
        const open = async () => {
          const opened = await openSignedRequest({
            envelope: { data: fields.data, signed: fields.signed },
            timestampHeader: typeof header === "string" ? header : undefined,
            clients: security.clients,
            replayGuard: security.replayGuard,
            onLang: (lang) => {
              request.apiLang = lang;
            },
          });
          // Counted before the file is read: a throttled upload never holds its 10 MB
          // (the visitor's budget, by the envelope's ip: decision 036).
          await deps.accountSecurity.publicCalls.throttle("receipt", opened.meta.ip);
          return opened;
        };
        let signed: Awaited<ReturnType<typeof open>> | null = null;
        let file: { name: string; content: Buffer } | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === "file") {
              // The signature is checked before a byte of the file is kept: an anonymous
              // caller's 10 MB is never held (so the envelope's fields come first, as the
              // SDK sends them).
              signed ??= await open();
              file = { name: part.filename, content: await part.toBuffer() };
            } else if (typeof part.value === "string") {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          throw asMultipartError(error);
        }
        signed ??= await open();
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

/**
 * A body that is not the multipart it claims to be (no boundary, a cut-off or garbled part)
 * is the client's error: 400 in the API's shape, not the parser's exception as a 500. Our
 * own refusals and the multipart limits (413) pass through to the error handler.
 */
function asMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && code.startsWith("FST_")) return error;
  return new AppError(ErrorCode.BAD_ENVELOPE);
}
