import type { FastifyInstance } from "fastify";
import { redactUrl } from "./redact-url.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";

/**
 * Every answer carries its request id (`X-Request-Id`), so a customer's or a proxy's report
 * finds its log line; with `logRequests`, one JSON line per request at `info` once the answer
 * is sent (decision 031). The line names the route pattern beside the redacted URL so logs
 * can be grouped like the metrics.
 */
export function registerRequestLog(app: FastifyInstance, options: { logRequests: boolean }) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  if (!options.logRequests) return;
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        url: redactUrl(request.url),
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      "request",
    );
  });
}
