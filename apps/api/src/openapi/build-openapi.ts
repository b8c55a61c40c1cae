import { z } from "zod";
import type { SignedRouteDoc } from "../http/signed-route.ts";

const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * The OpenAPI 3.1 document of the signed contract, generated from the same zod schemas that
 * validate requests, so the published contract cannot drift from what the server enforces.
 */
export function buildOpenApi(docs: SignedRouteDoc[], serverUrl: string) {
  const schema = (type: z.ZodType, io: "input" | "output") =>
    z.toJSONSchema(type, { io, unrepresentable: "any", target: "draft-2020-12" });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    const operation = {
      summary: doc.summary,
      description:
        "Signed call. The body is the envelope `{data, signed}`: `data` is base64 of the JSON " +
        "payload below plus `public_key`, `ip`, `lang`, `timestamp` and optional " +
        "`user_auth_token`; `signed` is sha256_hex(data + secret) (or HMAC-SHA256 for clients " +
        "configured so). Header `X-Timestamp` must equal the signed `timestamp`.",
      parameters: [
        { name: "X-Timestamp", in: "header", required: true, schema: { type: "string" } },
      ],
      "x-signed-payload": schema(doc.payload, "input"),
      requestBody: {
        required: true,
        content: { "application/json": { schema: { $ref: "#/components/schemas/Envelope" } } },
      },
      responses: {
        "200": {
          description: "Success",
          content: {
            "application/json": {
              schema: doc.response
                ? schema(doc.response, "output")
                : { type: "object", properties: { data: {} } },
            },
          },
        },
        default: {
          description: "Error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
    paths[doc.path] = Object.fromEntries(
      doc.methods.map((method) => [method.toLowerCase(), operation]),
    );
  }
  return {
    openapi: "3.1.0",
    info: { title: "Obmen REST API", version: "1.0.0" },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: {
        Envelope: {
          type: "object",
          required: ["data", "signed"],
          additionalProperties: false,
          properties: {
            data: { type: "string", contentEncoding: "base64" },
            signed: { type: "string", pattern: "^[0-9a-f]{64}$" },
          },
        },
        Error: schema(ErrorBody, "output"),
      },
    },
  };
}
