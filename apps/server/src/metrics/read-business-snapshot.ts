import type { Database } from "@obmen/db";
import { sql } from "drizzle-orm";

/** The database-wide figures one scrape reports (decision 031). */
export interface BusinessSnapshot {
  ordersByStatus: { status: string; orders: number }[];
  ordersCompletedTotal: number;
  reserves: { currency: string; declared: number; available: number }[];
  outboxPending: number;
  outboxOldestPendingAgeSeconds: number;
  /** Jobs waiting (created or retrying) per pg-boss queue; queues without any report 0. */
  jobsQueued: { queue: string; jobs: number }[];
  /** Seconds since each rate source's last good fetch (sources fetched at least once). */
  rateSourceAges: { source: string; ageSeconds: number }[];
}

/**
 * Cheap reads, each served by an index or a table the size of the catalogue: orders by status
 * from `orders_status_created_idx`, pending letters from `mail_outbox_pending_idx`, waiting
 * jobs from pg-boss's partial index on `state < 'active'`. Completions are counted in
 * `order_events`, so an order completed and later refunded still counts once. Every replica
 * reads the same rows and reports the same values: dashboards take `max` over instances.
 */
export async function readBusinessSnapshot(db: Database): Promise<BusinessSnapshot> {
  const [statuses, completed, reserves, outbox, jobs, rateSources] = await Promise.all([
    db.execute<{ status: string; orders: number }>(
      sql`select status, count(*)::int as orders from orders group by status`,
    ),
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from order_events where status = 'completed'`,
    ),
    db.execute<{ currency: string; declared: string; available: string }>(sql`
      select c.url_xml as currency, c.reserve::text as declared,
             (c.reserve - coalesce(h.held, 0))::text as available
        from currencies c left join currency_held h on h.currency_id = c.id
       where c.active`),
    db.execute<{ pending: number; oldest_age_seconds: number | null }>(sql`
      select count(*)::int as pending,
             extract(epoch from now() - min(created_at))::float8 as oldest_age_seconds
        from mail_outbox where status = 'pending'`),
    readQueuedJobs(db),
    db.execute<{ source: string; age_seconds: number }>(sql`
      select id as source, extract(epoch from now() - last_good_at)::float8 as age_seconds
        from rate_sources where last_good_at is not null`),
  ]);
  return {
    ordersByStatus: statuses.rows,
    ordersCompletedTotal: completed.rows[0]?.total ?? 0,
    reserves: reserves.rows.map((row) => ({
      currency: row.currency,
      declared: Number(row.declared),
      available: Number(row.available),
    })),
    outboxPending: outbox.rows[0]?.pending ?? 0,
    outboxOldestPendingAgeSeconds: Math.max(0, outbox.rows[0]?.oldest_age_seconds ?? 0),
    jobsQueued: jobs,
    rateSourceAges: rateSources.rows.map((row) => ({
      source: row.source,
      ageSeconds: Math.max(0, Number(row.age_seconds)),
    })),
  };
}

/** pg-boss makes its schema on its first start: before that there is no queue to report. */
async function readQueuedJobs(db: Database): Promise<{ queue: string; jobs: number }[]> {
  const exists = await db.execute<{ present: boolean }>(
    sql`select to_regclass('pgboss.queue') is not null as present`,
  );
  if (!exists.rows[0]?.present) return [];
  const queued = await db.execute<{ queue: string; jobs: number }>(sql`
    select q.name as queue, count(j.id)::int as jobs
      from pgboss.queue q
      left join pgboss.job j on j.name = q.name and j.state < 'active'
     group by q.name`);
  return queued.rows;
}
