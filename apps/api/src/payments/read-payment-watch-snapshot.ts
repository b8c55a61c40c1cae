import { type Database, paymentWatchKinds } from "@obmen/db";
import { sql } from "drizzle-orm";

export interface PaymentWatchSnapshot {
  /** Seconds since each source's last successful pass; null: never. */
  lastSuccessAgeSeconds: { source: string; seconds: number | null }[];
  /** Targets per source whose orders are open (what the next pass reads). */
  addressesWatched: { source: string; addresses: number }[];
  /** Transfers ever credited, per source. */
  paymentsCredited: { source: string; payments: number }[];
}

/**
 * The watchers' figures for `obmen_payment_watch_*` (issue 28 point 5), from the database so
 * every replica reports the same, whichever one ran the passes (decision 031).
 */
export async function readPaymentWatchSnapshot(db: Database): Promise<PaymentWatchSnapshot> {
  const [last, watched, credited] = await Promise.all([
    db.execute<{ source: string; seconds: number }>(sql`
      select substring(key from 'payment_watch_last_success:(.*)') as source,
             extract(epoch from now() - updated_at)::float8 as seconds
        from console_settings where key like 'payment_watch_last_success:%'`),
    db.execute<{ source: string; addresses: number }>(sql`
      select t.kind as source, count(*)::int as addresses
        from order_payment_targets t join orders o on o.id = t.order_id
       where o.status not in ('completed', 'cancelled', 'expired', 'refunded')
       group by t.kind`),
    db.execute<{ source: string; payments: number }>(sql`
      select t.kind as source, count(*)::int as payments
        from payment_transfers p join order_payment_targets t on t.order_id = p.order_id
       where p.credited_at is not null
       group by t.kind`),
  ]);
  const of = <R extends { source: string }>(rows: R[], source: string) =>
    rows.find((row) => row.source === source);
  return {
    lastSuccessAgeSeconds: paymentWatchKinds.map((source) => ({
      source,
      seconds: of(last.rows, source)?.seconds ?? null,
    })),
    addressesWatched: paymentWatchKinds.map((source) => ({
      source,
      addresses: of(watched.rows, source)?.addresses ?? 0,
    })),
    paymentsCredited: paymentWatchKinds.map((source) => ({
      source,
      payments: of(credited.rows, source)?.payments ?? 0,
    })),
  };
}
