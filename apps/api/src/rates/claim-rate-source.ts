import type { Database } from "@obmen/db";
import { sql } from "drizzle-orm";

/**
 * Takes this interval's fetch of a source, or answers false when another replica (or an earlier
 * run here) already did: one UPDATE moves `last_attempt_at` forward only if the previous attempt
 * is at least ~one interval old, so however many replicas run the job, each source is fetched
 * once per interval (decision 056). The 10 % slack keeps a job that fires a little early from
 * skipping a whole interval.
 */
export async function claimRateSource(options: {
  db: Database;
  source: string;
  intervalSeconds: number;
}): Promise<boolean> {
  const { db, source } = options;
  await db.execute(
    sql`insert into rate_sources (id) values (${source}) on conflict (id) do nothing`,
  );
  const minimumGapMs = Math.floor(options.intervalSeconds * 900);
  const claimed = await db.execute<{ id: string }>(sql`
    update rate_sources set last_attempt_at = now()
    where id = ${source}
      and (last_attempt_at is null
        or last_attempt_at <= now() - ${minimumGapMs}::double precision * interval '1 millisecond')
    returning id
  `);
  return claimed.rows.length > 0;
}
