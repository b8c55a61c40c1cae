import { AppError, type DataResponseSchema, ErrorCode, type Locale } from "@obmen/contracts";
import { type EnvelopeMeta, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ApiClient, ApiClientLookup } from "./api-clients.ts";
import { checkResponseBody } from "./check-response.ts";
import { openSignedRequest } from "./open-signed-request.ts";
import type { ReplayGuard } from "./replay-guard.ts";
import type {
  AuthContext,
  RememberAndResolveSignedInCaller,
  ResolveSignedInCaller,
  RouteAuth,
  SignedInCaller,
} from "./user-auth.ts";
import { validatePayload } from "./validate-payload.ts";

/** Signed calls carry small JSON payloads; anything bigger is refused before it is parsed. */
export const SIGNED_BODY_LIMIT = 64 * 1024;

export interface SignedCallContext<P> {
  payload: P;
  meta: EnvelopeMeta;
  client: ApiClient;
  lang: Locale;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * `data` already serialized (e.g. by a cache): the whole response body is encoded once into a
 * Buffer, so a cache hit neither builds a 100 KB string nor re-encodes it for the socket.
 * Keep the instance with the cached value; building one per request would defeat it.
 */
export class SerializedData {
  readonly body: Buffer;
  constructor(json: string) {
    this.body = Buffer.from(`{"data":${json}}`, "utf8");
  }
}

export interface SignedRouteDoc {
  path: string;
  methods: ("GET" | "POST")[];
  summary: string;
  payload: z.ZodType;
  /**
   * The whole success body, `{"data": …}`: published in the OpenAPI document, checked against
   * every answer when RegisterApiOptions.checkResponses is on, and parsed by the SDK.
   */
  response: DataResponseSchema;
  /** `user`: the call needs a signed-in user's `user_auth_token` (401 UNAUTHORIZED without one). */
  auth?: RouteAuth;
}

/** What a handler may return for a route whose response schema is `R`. */
export type ResponseData<R extends DataResponseSchema> =
  | (z.input<R> extends { data: infer D } ? D : never)
  | SerializedData;

/**
 * A route's own replay check (decision 044): remembers the signature in a statement that also
 * does the call's first work, given the validated payload. `fresh` false is refused as a
 * replay, as the guard's own check is; `value` reaches the handler as `remembered`.
 */
export type RememberWith<P, M> = (check: {
  signature: string;
  timestamp: number;
  meta: EnvelopeMeta;
  payload: P;
}) => Promise<{ fresh: boolean; value?: M }>;

/** One signed call: its documentation and its handler. */
export interface SignedRouteDefinition<
  S extends z.ZodType,
  R extends DataResponseSchema,
  A extends RouteAuth = "none",
  M = never,
> extends SignedRouteDoc {
  payload: S;
  response: R;
  /**
   * `user`: the handler gets the caller's `user` and `session`; nobody else reaches it.
   * `optional`: the handler gets `signedIn`, the live session or null.
   */
  auth?: A;
  /**
   * Replaces the replay guard's `remember` (routes without `auth` only): the payload is then
   * validated before the replay check, and a replayed envelope with an invalid payload is
   * answered with its field errors, which change nothing.
   */
  rememberWith?: A extends "user" ? never : RememberWith<z.infer<S>, M>;
  handler: (
    context: SignedCallContext<z.infer<S>> & AuthContext<A> & { remembered?: M },
  ) => Promise<ResponseData<R>>;
}

export interface SignedRouteSecurity {
  clients: ApiClientLookup;
  replayGuard: ReplayGuard;
}

export interface SignedRouteSettings {
  security: SignedRouteSecurity;
  /** Every declaration is recorded here for the OpenAPI document. */
  docs: SignedRouteDoc[];
  /** Check each answer against the route's response schema (tests; see check-response.ts). */
  checkResponses: boolean;
  /** Resolves `user_auth_token` for routes with `auth: "user"`: the one place sessions are read. */
  resolveCaller: ResolveSignedInCaller;
  /**
   * The same, folded into the replay guard's round trip, when the guard can (the database
   * guard, replay-guard.ts `rememberInside`): used instead of the two steps for `auth: "user"`.
   */
  rememberAndResolveCaller?: RememberAndResolveSignedInCaller;
}

/**
 * Declares one call of the signed REST contract: the envelope is verified, the payload is
 * validated strictly against `payload`, and the handler's result is sent as `{"data": …}`.
 */
export function signedRoute<
  S extends z.ZodType,
  R extends DataResponseSchema,
  A extends RouteAuth = "none",
  M = never,
>(app: FastifyInstance, settings: SignedRouteSettings, route: SignedRouteDefinition<S, R, A, M>) {
  const { security } = settings;
  settings.docs.push(route);
  app.route({
    method: route.methods,
    url: route.path,
    bodyLimit: SIGNED_BODY_LIMIT,
    handler: async (request, reply) => {
      const envelope = request.method === "GET" ? request.query : request.body;
      const header = request.headers[TIMESTAMP_HEADER];
      // A signed-in call checks its signature and reads its session in one round trip where
      // the replay guard allows it (decision 041); `folded` is then the session it found.
      let folded: SignedInCaller | null | undefined;
      const foldInto =
        route.auth !== undefined && route.auth !== "none"
          ? settings.rememberAndResolveCaller
          : undefined;
      // A route's own replay check validates the payload first and keeps what it read.
      let validated: { payload: z.infer<S> } | undefined;
      let remembered: M | undefined;
      const { rememberWith } = route;
      const signed = await openSignedRequest({
        envelope: request.method === "GET" ? pickEnvelope(envelope) : envelope,
        timestampHeader: typeof header === "string" ? header : undefined,
        clients: security.clients,
        replayGuard: security.replayGuard,
        onLang: (lang) => {
          request.apiLang = lang;
        },
        remember: rememberWith
          ? async (signature, timestamp, meta, raw) => {
              validated = { payload: validatePayload(route.payload, raw) };
              const answer = await (rememberWith as RememberWith<z.infer<S>, M>)({
                signature,
                timestamp,
                meta,
                payload: validated.payload,
              });
              remembered = answer.value;
              return answer.fresh;
            }
          : foldInto &&
            (async (signature, timestamp, meta) => {
              const token = meta.user_auth_token;
              if (!token) return security.replayGuard.remember(signature, timestamp);
              const answer = await foldInto({ signature, timestamp, token, ip: meta.ip });
              folded = answer.caller;
              return answer.fresh;
            }),
      });
      // Who is calling is settled before the payload is read: an anonymous caller learns
      // nothing about a signed-in call, not even which of its fields it would refuse.
      const caller =
        route.auth === "user"
          ? folded !== undefined
            ? liveCaller(folded)
            : await signedInCaller(settings, signed.meta)
          : route.auth === "optional"
            ? {
                signedIn:
                  folded !== undefined ? folded : await optionalCaller(settings, signed.meta),
              }
            : {};
      const payload = validated
        ? validated.payload
        : validatePayload(route.payload, signed.payload);
      const data = await route.handler({
        payload,
        meta: signed.meta,
        client: signed.client,
        lang: signed.meta.lang,
        request,
        reply,
        ...(caller as AuthContext<A> & object),
        ...(remembered === undefined ? {} : { remembered }),
      });
      return sendData(reply, {
        data,
        route,
        checkResponses: settings.checkResponses,
      });
    },
  });
}

/** The live session behind the envelope's token, or 401 for a missing, unknown, expired or ended one. */
async function signedInCaller(settings: SignedRouteSettings, meta: EnvelopeMeta) {
  const token = meta.user_auth_token;
  return liveCaller(token ? await settings.resolveCaller({ token, ip: meta.ip }) : null);
}

/** The live session behind the envelope's token, or null: an `optional` route works without one. */
async function optionalCaller(settings: SignedRouteSettings, meta: EnvelopeMeta) {
  const token = meta.user_auth_token;
  return token ? settings.resolveCaller({ token, ip: meta.ip }) : null;
}

function liveCaller(caller: SignedInCaller | null): SignedInCaller {
  if (!caller) throw new AppError(ErrorCode.UNAUTHORIZED);
  return caller;
}

/**
 * Sends a signed call's success body. Production serialises without looking (a cached body is
 * sent as is); with `checkResponses` the body is first read back against the route's schema,
 * and a mismatch becomes a 500 that fails the test that caused it.
 */
export function sendData(
  reply: FastifyReply,
  options: { data: unknown; route: SignedRouteDoc; checkResponses: boolean },
) {
  const { data, route } = options;
  const body = data instanceof SerializedData ? data.body : JSON.stringify({ data });
  if (options.checkResponses) {
    checkResponseBody({
      path: route.path,
      schema: route.response,
      json: typeof body === "string" ? body : body.toString("utf8"),
    });
  }
  return reply.type("application/json; charset=utf-8").send(body);
}

/** The GET form carries `data` and `signed` in the query; other query keys are not allowed. */
function pickEnvelope(query: unknown): unknown {
  if (query === null || typeof query !== "object") return query;
  const { lang: _ignoredLang, ...rest } = query as Record<string, unknown>;
  return rest;
}
