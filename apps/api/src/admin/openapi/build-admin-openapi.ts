import { z } from "zod";
import type { AdminRouteDoc } from "../http/admin-route.ts";
import { ADMIN_SESSION_COOKIE } from "../http/session-cookie.ts";

const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * The console's OpenAPI 3.1 document (`/admin/api/openapi.json`), generated from the zod
 * schemas the routes validate and answer with, so it cannot drift from what they enforce.
 * `x-roles` names who may make each call (`public`: anyone).
 */
export function buildAdminOpenApi(docs: AdminRouteDoc[], serverUrl: string) {
  const schema = (type: z.ZodType, io: "input" | "output") =>
    z.toJSONSchema(type, { io, unrepresentable: "any", target: "draft-2020-12" });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    const parameters = [
      ...objectParameters(doc.params, "path", schema),
      ...objectParameters(doc.query, "query", schema),
    ];
    const success =
      doc.response === "file"
        ? {
            description: "The file",
            content: {
              "application/octet-stream": { schema: { type: "string", format: "binary" } },
            },
          }
        : {
            description: "Success",
            content: { "application/json": { schema: schema(doc.response, "output") } },
          };
    paths[doc.path] ??= {};
    paths[doc.path]![doc.method.toLowerCase()] = {
      summary: doc.summary,
      "x-roles": doc.role,
      ...(doc.role === "public" ? { security: [] } : {}),
      parameters,
      ...(doc.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: schema(doc.body, "input") } },
            },
          }
        : {}),
      responses: {
        "200": success,
        default: {
          description:
            "Error: 401 UNAUTHORIZED (no live session), 403 FORBIDDEN (role, foreign Origin, " +
            "second factor to enrol), 404, 409 CONFLICT, 422 VALIDATION_FAILED, 400 INVALID_QUERY, 429",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Obmen operator console API",
      version: "1.0.0",
      description:
        "JSON with a cookie session (POST /admin/api/login sets it). State-changing calls " +
        "must come from the console's own origin (the Origin header), else 403.",
    },
    servers: [{ url: serverUrl }],
    security: [{ SessionCookie: [] }],
    paths,
    components: {
      schemas: { Error: schema(ErrorBody, "output") },
      securitySchemes: {
        SessionCookie: { type: "apiKey", in: "cookie", name: ADMIN_SESSION_COOKIE },
      },
    },
  };
}

function objectParameters(
  type: z.ZodType | undefined,
  location: "path" | "query",
  schema: (type: z.ZodType, io: "input") => unknown,
) {
  if (!(type instanceof z.ZodObject)) return [];
  return Object.entries(type.shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === "path",
    schema: schema(field as z.ZodType, "input"),
  }));
}
