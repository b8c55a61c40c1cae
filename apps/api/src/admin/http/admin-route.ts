import {
  AppError,
  type DataResponseSchema,
  ErrorCode,
  type Locale,
  type OperatorRole,
} from "@obmen/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { readContentQuery as readQuery } from "../../content/read-content-query.ts";
import { checkResponseBody } from "../../http/check-response.ts";
import { requestLang } from "../../http/request-lang.ts";
import { validatePayload } from "../../http/validate-payload.ts";
import type { SignedInOperator } from "../auth/operator-sessions.ts";
import { checkOrigin } from "./origin-check.ts";
import { readSessionToken } from "./session-cookie.ts";

export type AdminMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * Who may make a call: `public` (signing in), or the roles that may. Required on every route,
 * so a console call without a role rule cannot be declared (issue 14: "checked by role in one
 * place"); the role-matrix test walks these declarations.
 */
export type AdminAccess = "public" | readonly OperatorRole[];

/** One console call's documentation, as the OpenAPI document and the tests read it. */
export interface AdminRouteDoc {
  method: AdminMethod;
  /** OpenAPI template, `/admin/api/orders/{uuid}`. */
  path: string;
  summary: string;
  role: AdminAccess;
  /**
   * Allowed while the operator still has to enrol a second factor (`me`, `logout`, the
   * enrolment itself); every other call is refused until then.
   */
  duringTotpEnrolment?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The whole success body `{"data": …}`, or `file` for a call that sends a file's bytes. */
  response: DataResponseSchema | "file";
}

/** What a handler returns: the `data` of its response schema, or nothing for a file it sent. */
export type AdminResponseData<R> = R extends DataResponseSchema
  ? z.input<R> extends { data: infer D }
    ? D
    : never
  : undefined;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface AdminCallContext<P, Q, B, A extends AdminAccess> {
  params: P;
  query: Q;
  body: B;
  /** The signed-in operator and session (null only on `public` calls). */
  caller: A extends "public" ? SignedInOperator | null : SignedInOperator;
  lang: Locale;
  /** The client's address as Fastify resolved it (TRUST_PROXY). */
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface AdminRouteDefinition<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends DataResponseSchema | "file",
  A extends AdminAccess,
> extends AdminRouteDoc {
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  role: A;
  handler: (
    context: AdminCallContext<Infer<P>, Infer<Q>, Infer<B>, A>,
  ) => Promise<AdminResponseData<R>>;
}

export interface AdminRouteSettings {
  /** The console's own origin (`APP_URL`'s), the only one allowed to change state. */
  appOrigin: string;
  docs: AdminRouteDoc[];
  checkResponses: boolean;
  resolveCaller: (options: { token: string; ip: string }) => Promise<SignedInOperator | null>;
  /** Whether this operator must enrol a second factor before using the console. */
  mustEnrolTotp: (operator: SignedInOperator["operator"]) => boolean;
}

/**
 * Declares one console call. Before the handler runs, in this order: a state-changing call
 * from a foreign origin is refused (403), the session cookie is resolved (401 without a live
 * one), the operator's role is checked against the route's (403), then params, query and body
 * are validated strictly. The handler's result is sent as `{"data": …}`.
 */
export function adminRoute<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends DataResponseSchema | "file",
  A extends AdminAccess,
>(app: FastifyInstance, settings: AdminRouteSettings, route: AdminRouteDefinition<P, Q, B, R, A>) {
  settings.docs.push(route);
  app.route({
    method: route.method,
    url: route.path.replace(/\{(\w+)\}/g, ":$1"),
    handler: async (request, reply) => {
      checkOrigin(request, settings.appOrigin);
      const caller = await authorise(request, settings, route);
      const params = route.params ? readParams(route.params, request.params) : undefined;
      const query = route.query ? readQuery(route.query, request.query) : undefined;
      const body = route.body ? validatePayload(route.body, request.body ?? {}) : undefined;
      const data = await route.handler({
        params: params as Infer<P>,
        query: query as Infer<Q>,
        body: body as Infer<B>,
        caller: caller as AdminCallContext<Infer<P>, Infer<Q>, Infer<B>, A>["caller"],
        lang: requestLang(request),
        ip: request.ip,
        request,
        reply,
      });
      if (route.response === "file") return reply;
      const json = JSON.stringify({ data });
      if (settings.checkResponses) {
        checkResponseBody({ path: route.path, schema: route.response, json });
      }
      return reply.type("application/json; charset=utf-8").send(json);
    },
  });
}

/** The one place a console call's caller is checked: session, second factor, role. */
async function authorise(
  request: FastifyRequest,
  settings: AdminRouteSettings,
  route: AdminRouteDoc,
): Promise<SignedInOperator | null> {
  const token = readSessionToken(request);
  const caller = token ? await settings.resolveCaller({ token, ip: request.ip }) : null;
  if (route.role === "public") return caller;
  if (!caller) throw new AppError(ErrorCode.UNAUTHORIZED);
  if (!route.duringTotpEnrolment && settings.mustEnrolTotp(caller.operator)) {
    throw new AppError(ErrorCode.FORBIDDEN, { details: { reason: "totp_enrolment_required" } });
  }
  if (!route.role.includes(caller.operator.role)) {
    throw new AppError(ErrorCode.FORBIDDEN, { details: { reason: "role" } });
  }
  return caller;
}

/** A path that names no record (a malformed uuid or id) is simply not found. */
function readParams<S extends z.ZodType>(schema: S, params: unknown): z.infer<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw new AppError(ErrorCode.NOT_FOUND);
  return result.data;
}
