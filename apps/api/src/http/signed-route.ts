import type { Locale } from "@obmen/contracts";
import { type EnvelopeMeta, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ApiClient, ApiClientLookup } from "./api-clients.ts";
import { openSignedRequest } from "./open-signed-request.ts";
import type { ReplayGuard } from "./replay-guard.ts";
import { requestLang } from "./request-lang.ts";
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
  response?: z.ZodType;
}

export interface SignedRouteSecurity {
  clients: ApiClientLookup;
  replayGuard: ReplayGuard;
}

/**
 * Declares one call of the signed REST contract: the envelope is verified, the payload is
 * validated strictly against `payload`, and the handler's result is sent as `{"data": …}`.
 * Every declaration is also recorded for the OpenAPI document.
 */
export function signedRoute<S extends z.ZodType>(
  app: FastifyInstance,
  security: SignedRouteSecurity,
  docs: SignedRouteDoc[],
  route: SignedRouteDoc & {
    payload: S;
    handler: (context: SignedCallContext<z.infer<S>>) => Promise<unknown>;
  },
) {
  docs.push(route);
  app.route({
    method: route.methods,
    url: route.path,
    bodyLimit: SIGNED_BODY_LIMIT,
    handler: async (request, reply) => {
      const envelope = request.method === "GET" ? request.query : request.body;
      const header = request.headers[TIMESTAMP_HEADER];
      const signed = await openSignedRequest({
        envelope: request.method === "GET" ? pickEnvelope(envelope) : envelope,
        timestampHeader: typeof header === "string" ? header : undefined,
        clients: security.clients,
        replayGuard: security.replayGuard,
        fallbackLang: requestLang(request),
      });
      request.apiLang = signed.meta.lang;
      const payload = validatePayload(route.payload, signed.payload, signed.meta.lang);
      const data = await route.handler({
        payload,
        meta: signed.meta,
        client: signed.client,
        lang: signed.meta.lang,
        request,
        reply,
      });
      reply.type("application/json; charset=utf-8");
      if (data instanceof SerializedData) return reply.send(data.body);
      return reply.send(JSON.stringify({ data }));
    },
  });
}

/** The GET form carries `data` and `signed` in the query; other query keys are not allowed. */
function pickEnvelope(query: unknown): unknown {
  if (query === null || typeof query !== "object") return query;
  const { lang: _ignoredLang, ...rest } = query as Record<string, unknown>;
  return rest;
}
