import { type PaymentWatchSnapshot, readPaymentWatchSnapshot } from "@obmen/api";
import type { Database } from "@obmen/db";
import { Counter, Gauge, type Registry } from "prom-client";

/**
 * `obmen_payment_watch_*` (issue 28 point 5): how long ago each chain watcher last read its
 * source, how many addresses it watches, how many payments it credited. Read from the database
 * at scrape time like the business figures, so every replica reports the same.
 */
export function registerPaymentMetrics(
  registry: Registry,
  options: { db: Database; onError: (error: unknown) => void },
) {
  let reading: Promise<PaymentWatchSnapshot | null> | null = null;
  const snapshot = () => {
    reading ??= readPaymentWatchSnapshot(options.db)
      .catch((error: unknown) => {
        options.onError(error);
        return null;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const registers = [registry];
  new Gauge({
    name: "obmen_payment_watch_last_success_age_seconds",
    help: "Seconds since the source's last successful pass (absent: never succeeded)",
    labelNames: ["source"] as const,
    registers,
    async collect() {
      const figures = await snapshot();
      this.reset();
      for (const row of figures?.lastSuccessAgeSeconds ?? []) {
        if (row.seconds !== null) this.set({ source: row.source }, row.seconds);
      }
    },
  });
  new Gauge({
    name: "obmen_payment_watch_addresses_watched",
    help: "Addresses (or invoices) watched for open orders, per source",
    labelNames: ["source"] as const,
    registers,
    async collect() {
      const figures = await snapshot();
      this.reset();
      for (const row of figures?.addressesWatched ?? [])
        this.set({ source: row.source }, row.addresses);
    },
  });
  new Counter({
    name: "obmen_payment_watch_payments_credited_total",
    help: "Payments the watchers credited to orders, per source (database-wide)",
    labelNames: ["source"] as const,
    registers,
    async collect() {
      const figures = await snapshot();
      if (!figures) return;
      this.reset();
      for (const row of figures.paymentsCredited) this.inc({ source: row.source }, row.payments);
    },
  });
}
