import type { DataResponseSchema } from "@obmen/contracts";
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

/** An unsigned GET identified by `X-Api-Key` (the `/content/*` calls of spec §7). */
export interface ApiKeyRouteDoc {
  /** OpenAPI path template: `/content/pages/{slug}`. */
  path: string;
  summary: string;
  query: z.ZodObject;
  response: DataResponseSchema;
}

/** An unsigned plain-JSON call under `/api/` (spec §7: "paths containing /api/ are sent unchanged"). */
export interface PlainRouteDoc {
  path: string;
  method: "GET" | "POST";
  summary: string;
  /** The JSON body of a POST. */
  body?: z.ZodType;
  response: DataResponseSchema;
}

/**
 * The OpenAPI 3.1 document of the signed contract, generated from the same zod schemas that
 * validate requests, so the published contract cannot drift from what the server enforces.
 */
export function buildOpenApi(
  docs: SignedRouteDoc[],
  serverUrl: string,
  apiKeyDocs: ApiKeyRouteDoc[] = [],
  plainDocs: PlainRouteDoc[] = [],
) {
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
        "configured so). Header `X-Timestamp` must equal the signed `timestamp`." +
        (doc.auth === "user"
          ? " Signed in only: `user_auth_token` must be the token of a live session (from " +
            "login or confirm), else 401 UNAUTHORIZED."
          : ""),
      "x-auth": doc.auth ?? "none",
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
              schema: schema(doc.response, "output"),
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
  for (const doc of apiKeyDocs) {
    const pathParameters = [...doc.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
      name: match[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const queryParameters = Object.entries(doc.query.shape).map(([name, field]) => ({
      name,
      in: "query",
      required: false,
      schema: schema(field as z.ZodType, "input"),
    }));
    paths[doc.path] = {
      get: {
        summary: doc.summary,
        description:
          "Unsigned GET: `lang` in the query (ru, en, uk; default ru; a text missing in that " +
          "language is served in Russian and says `lang: ru`), the API client's public key in " +
          "`X-Api-Key`. Unknown query parameters are refused. Answers carry an ETag; send it " +
          "back in If-None-Match for a 304.",
        security: [{ ApiKey: [] }],
        parameters: [...pathParameters, ...queryParameters],
        responses: {
          "200": {
            description: "Success",
            content: { "application/json": { schema: schema(doc.response, "output") } },
          },
          "304": { description: "Not modified (If-None-Match matched the ETag)" },
          default: {
            description: "Error",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        },
      },
    };
  }
  for (const doc of plainDocs) {
    paths[doc.path] = {
      [doc.method.toLowerCase()]: {
        summary: doc.summary,
        description: "Unsigned plain JSON; limited per IP (429 RATE_LIMITED with Retry-After).",
        ...(doc.body
          ? {
              requestBody: {
                required: true,
                content: { "application/json": { schema: schema(doc.body, "input") } },
              },
            }
          : {}),
        responses: {
          "200": {
            description: "Success",
            content: { "application/json": { schema: schema(doc.response, "output") } },
          },
          default: {
            description: "Error",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        },
      },
    };
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
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
      },
    },
  };
}
