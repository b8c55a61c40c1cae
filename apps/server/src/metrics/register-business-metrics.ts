import { type Database, orderStatuses } from "@obmen/db";
import { Counter, Gauge, type Registry } from "prom-client";
import { type BusinessSnapshot, readBusinessSnapshot } from "./read-business-snapshot.ts";

/**
 * The exchange's own figures, read from the database when Prometheus scrapes (decision 031),
 * so they are true whichever replica changed them; every replica reports the same values.
 * The rate sources' quote age is here too (issue 27): an alert rule on it pages before pairs
 * leave service.
 */
export function registerBusinessMetrics(
  registry: Registry,
  options: { db: Database; onError: (error: unknown) => void },
) {
  const snapshot = sharedPerScrape(options.db, options.onError);
  const registers = [registry];

  new Gauge({
    name: "obmen_db_scrape_success",
    help: "1 when this scrape read the business figures from the database, 0 when it failed",
    registers,
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  new Gauge({
    name: "obmen_orders",
    help: "Orders by status (database-wide: every replica reports the same)",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const figures = await snapshot();
      this.reset();
      if (!figures) return;
      // Every status is reported, at 0 too, so a panel or an alert never sees a gap.
      for (const status of orderStatuses) this.set({ status }, 0);
      for (const row of figures.ordersByStatus) this.set({ status: row.status }, row.orders);
    },
  });
  fromDatabaseCounter(registry, snapshot, {
    name: "obmen_orders_created_total",
    help: "Orders ever created (database-wide)",
    value: (figures) => figures.ordersByStatus.reduce((sum, row) => sum + row.orders, 0),
  });
  fromDatabaseCounter(registry, snapshot, {
    name: "obmen_orders_completed_total",
    help: "Orders ever completed (database-wide, from the status history)",
    value: (figures) => figures.ordersCompletedTotal,
  });
  new Gauge({
    name: "obmen_reserve_available",
    help: "Reserve an order can still take, in the currency's units: declared minus held by open orders",
    labelNames: ["currency"] as const,
    registers,
    async collect() {
      const figures = await snapshot();
      this.reset();
      for (const row of figures?.reserves ?? [])
        this.set({ currency: row.currency }, row.available);
    },
  });
  new Gauge({
    name: "obmen_reserve_declared",
    help: "Reserve the operator declared, in the currency's units",
    labelNames: ["currency"] as const,
    registers,
    async collect() {
      const figures = await snapshot();
      this.reset();
      for (const row of figures?.reserves ?? []) this.set({ currency: row.currency }, row.declared);
    },
  });
  new Gauge({
    name: "obmen_outbox_pending",
    help: "E-mails waiting in the outbox to be sent",
    registers,
    async collect() {
      const figures = await snapshot();
      this.reset();
      if (figures) this.set(figures.outboxPending);
    },
  });
  new Gauge({
    name: "obmen_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest e-mail waiting in the outbox (0 when none waits)",
    registers,
    async collect() {
      const figures = await snapshot();
      this.reset();
      if (figures) this.set(figures.outboxOldestPendingAgeSeconds);
    },
  });
  new Gauge({
    name: "obmen_rate_source_age_seconds",
    help: "Seconds since each rate source's last good fetch (sources fetched at least once)",
    labelNames: ["source"] as const,
    registers,
    async collect() {
      const figures = await snapshot();
      this.reset();
      for (const row of figures?.rateSourceAges ?? [])
        this.set({ source: row.source }, row.ageSeconds);
    },
  });
  new Gauge({
    name: "obmen_jobs_queued",
    help: "Background jobs waiting (created or to be retried) per pg-boss queue",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      const figures = await snapshot();
      this.reset();
      for (const row of figures?.jobsQueued ?? []) this.set({ queue: row.queue }, row.jobs);
    },
  });
}

/**
 * A counter whose total lives in the database: each scrape sets it to the stored count, which
 * only grows (orders and their history are never deleted), so `rate()` works as on any counter.
 */
function fromDatabaseCounter(
  registry: Registry,
  snapshot: () => Promise<BusinessSnapshot | null>,
  options: { name: string; help: string; value: (figures: BusinessSnapshot) => number },
) {
  new Counter({
    name: options.name,
    help: options.help,
    registers: [registry],
    async collect() {
      const figures = await snapshot();
      // A failed read keeps the last total: a drop to 0 would look like a restart to rate().
      if (!figures) return;
      this.reset();
      this.inc(options.value(figures));
    },
  });
}

/**
 * prom-client collects every metric of a scrape at once: they share one read, and a failed read
 * (the database is down) leaves the figures out and `obmen_db_scrape_success` at 0 instead of
 * failing the whole scrape, whose process metrics still matter then.
 */
function sharedPerScrape(
  db: Database,
  onError: (error: unknown) => void,
): () => Promise<BusinessSnapshot | null> {
  let reading: Promise<BusinessSnapshot | null> | null = null;
  return () => {
    reading ??= readBusinessSnapshot(db)
      .catch((error: unknown) => {
        onError(error);
        return null;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}
