import type { Database } from "@obmen/db";
import type { PgBoss } from "pg-boss";
import type { OrderEffects } from "../effects/order-effects.ts";
import { expireDueOrders } from "./expire-order.ts";

/** Expires every unpaid order past its rate lock (expire-order.ts). */
const EXPIRE_SWEEP_QUEUE = "order-expire-sweep";
/**
 * How often the sweep runs: an unpaid order is `expired`, and its hold released, at most this
 * long (plus a worker poll) after its rate lock ends. Paying after the lock is refused at once
 * whatever the sweep (update-order-by-customer.ts), and the order page shows it expired.
 */
const DEFAULT_EXPIRY_SWEEP_SECONDS = 10;

/**
 * Expiry is a sweep, not a job per order (docs/decisions/012-order-create-single-call.md): a
 * create then writes no pg-boss row, and its writes fit in one statement. Every process with
 * jobs asks for a sweep every `sweepSeconds`; `sendThrottled` keeps it to one job per interval
 * across replicas, and the first worker to poll runs it.
 */
export async function registerOrderJobs(options: {
  boss: PgBoss;
  db: Database;
  effects: OrderEffects;
  pollingIntervalSeconds?: number;
  sweepSeconds?: number;
}) {
  const { boss, db, effects } = options;
  const sweepSeconds = options.sweepSeconds ?? DEFAULT_EXPIRY_SWEEP_SECONDS;
  await boss.createQueue(EXPIRE_SWEEP_QUEUE);
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work(EXPIRE_SWEEP_QUEUE, polling, async () => {
    await expireDueOrders({ db, effects });
  });
  const requestSweep = () =>
    boss
      .sendThrottled(EXPIRE_SWEEP_QUEUE, null, null, sweepSeconds)
      .catch((error: Error) => boss.emit("error", error));
  await requestSweep();
  const timer = setInterval(requestSweep, sweepSeconds * 1_000);
  timer.unref();
  boss.once("stopped", () => clearInterval(timer));
}
