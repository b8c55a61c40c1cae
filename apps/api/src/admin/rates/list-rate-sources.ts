import type { AdminRateSource } from "@obmen/contracts";
import { type Database, rateSources } from "@obmen/db";
import { RATE_FORMULA_SOURCES } from "@obmen/domain";
import { boundSources } from "../../rates/rate-jobs.ts";

/** `GET /admin/api/rate-sources`: each source, its last good fetch, quote count and use. */
export async function listRateSources(options: { db: Database }): Promise<AdminRateSource[]> {
  const [rows, inUse] = await Promise.all([
    options.db.select().from(rateSources),
    boundSources(options.db),
  ]);
  const now = Date.now();
  return RATE_FORMULA_SOURCES.map((id) => {
    const row = rows.find((item) => item.id === id);
    const lastGood = row?.lastGoodAt ?? null;
    return {
      id,
      last_good_at: lastGood?.toISOString() ?? null,
      last_attempt_at: row?.lastAttemptAt?.toISOString() ?? null,
      last_error: row?.lastError ?? null,
      quote_count: row?.quoteCount ?? 0,
      age_seconds: lastGood ? Math.max(0, Math.floor((now - lastGood.getTime()) / 1000)) : null,
      in_use: inUse.has(id),
    };
  });
}
