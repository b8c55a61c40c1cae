import type { DatabaseHandle } from "@obmen/db";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Registry } from "prom-client";
import { registerBusinessMetrics } from "./register-business-metrics.ts";
import { registerDatabaseMetrics } from "./register-database-metrics.ts";
import { registerHttpMetrics } from "./register-http-metrics.ts";
import { registerPaymentMetrics } from "./register-payment-metrics.ts";
import { type MetricsServer, startMetricsServer } from "./start-metrics-server.ts";

/**
 * Everything `METRICS_PORT` turns on (decision 031): the process's own metrics (CPU, memory,
 * event-loop lag, from prom-client's defaults), requests per route, the database pool and the
 * business figures, in a registry of this server's own (two servers in one test process must
 * not share one), served on the metrics listener. Call before the routes are registered: the
 * request hook must see every route.
 */
export async function openMetrics(options: {
  app: FastifyInstance;
  database: DatabaseHandle;
  port: number;
  host: string;
}): Promise<MetricsServer> {
  const { app } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerHttpMetrics(app, registry);
  registerDatabaseMetrics(registry, options.database);
  registerBusinessMetrics(registry, {
    db: options.database.db,
    onError: (error) =>
      app.log.warn({ err: error }, "metrics: reading the business figures failed"),
  });
  registerPaymentMetrics(registry, {
    db: options.database.db,
    onError: (error) => app.log.warn({ err: error }, "metrics: reading the payment watch failed"),
  });
  const server = await startMetricsServer({
    registry,
    port: options.port,
    host: options.host,
    onError: (error) => app.log.error({ err: error }, "metrics: a scrape failed"),
  });
  app.log.info({ metrics_url: server.url }, "metrics listening");
  return server;
}
