import type { Database, PaymentWatchKind } from "@obmen/db";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import type { OrderEffects } from "../orders/effects/order-effects.ts";
import { createBtcpayInvoice, createBtcpaySource } from "./btcpay-source.ts";
import { createEsploraSource } from "./esplora-source.ts";
import type { PaymentSettings } from "./payment-settings.ts";
import type { PaymentSource } from "./payment-source.ts";
import { createTronSource } from "./tron-source.ts";
import { watchPayments } from "./watch-payments.ts";

const queueOf = (kind: PaymentWatchKind) => `payment-watch-${kind}`;

/** A failing source is tried again after 10 s, 20 s, 40 s… (pg-boss's backoff), at most 5 times. */
const RETRY = { retryLimit: 5, retryDelay: 10, retryBackoff: true };

export interface PaymentSources {
  sources: PaymentSource[];
  createInvoice?: Parameters<typeof watchPayments>[0]["createInvoice"];
}

/** The sources the settings allow: Esplora and TronGrid always, BTCPay when configured. */
export function createPaymentSources(
  settings: PaymentSettings,
  log: FastifyBaseLogger,
): PaymentSources {
  const sources: PaymentSource[] = [
    createEsploraSource({ baseUrl: settings.esploraUrl, log }),
    createTronSource({ baseUrl: settings.trongridUrl, apiKey: settings.trongridApiKey, log }),
  ];
  const btcpay = settings.btcpay;
  if (!btcpay) return { sources };
  sources.push(createBtcpaySource({ settings: btcpay, log }));
  return {
    sources,
    createInvoice: async (order) => createBtcpayInvoice({ settings: btcpay, order, log }),
  };
}

/**
 * Each source a pg-boss queue of its own, `singleton` (one pass active at a time, on whichever
 * replica took it) and asked for once per `PAYMENTS_POLL_SECONDS` across replicas
 * (`sendThrottled`), so one failing source neither blocks nor floods the others. A pass that
 * throws is retried with backoff; its error is logged.
 */
export async function registerPaymentJobs(options: {
  boss: PgBoss;
  db: Database;
  effects: OrderEffects;
  appUrl: string;
  settings: PaymentSettings;
  sources: PaymentSources;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
}) {
  const { boss, settings } = options;
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  const queues: string[] = [];
  for (const source of options.sources.sources) {
    const queue = queueOf(source.kind);
    queues.push(queue);
    await boss.createQueue(queue, { policy: "singleton" });
    await boss.work(queue, polling, async () => {
      try {
        await watchPayments({
          db: options.db,
          effects: options.effects,
          appUrl: options.appUrl,
          source,
          graceMs: settings.graceMs,
          log: options.log,
          createInvoice: options.sources.createInvoice,
        });
      } catch (error) {
        options.log.warn({ err: error, source: source.kind }, "payment watch failed");
        throw error;
      }
    });
  }
  const request = () => {
    for (const queue of queues) {
      boss
        .sendThrottled(queue, null, RETRY, settings.pollSeconds)
        .catch((error: Error) => boss.emit("error", error));
    }
  };
  request();
  const timer = setInterval(request, settings.pollSeconds * 1_000);
  timer.unref();
  boss.once("stopped", () => clearInterval(timer));
  /** Asks for a pass now (a BTCPay webhook): at most one more per poll interval. */
  return {
    requestPass: (kind: PaymentWatchKind) =>
      boss.send(queueOf(kind), null, { ...RETRY, singletonKey: "webhook", singletonSeconds: 1 }),
  };
}
