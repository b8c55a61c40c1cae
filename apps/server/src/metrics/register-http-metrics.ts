import type { FastifyInstance } from "fastify";
import { Counter, Histogram, type Registry } from "prom-client";

/** A request that matched no route: one label value for all of them, whatever the URL. */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * Request rate, latency and server errors per route (decision 031). The `route` label is the
 * route's pattern (`/rest/exchange/info`, `/admin/api/orders/:id`), never the URL: a URL label
 * would grow a series per order id or per probe for `/wp-login.php`. Methods and status codes
 * are bounded sets too. The web tier's in-process API calls (`inject`) run through the same
 * hooks and count as API requests, as they are.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry) {
  const requests = new Counter({
    name: "obmen_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code",
    labelNames: ["method", "route", "status_code"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "obmen_http_request_duration_seconds",
    help: "Time from receiving a request to sending its answer, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: "obmen_http_server_errors_total",
    help: "Answers with a 5xx status, by method and route pattern",
    labelNames: ["method", "route"] as const,
    registers: [registry],
  });

  app.addHook("onResponse", async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE };
    requests.inc({ ...labels, status_code: String(reply.statusCode) });
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) serverErrors.inc(labels);
  });
}
