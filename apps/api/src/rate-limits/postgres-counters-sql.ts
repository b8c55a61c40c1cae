import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

/**
 * The one place that speaks rate-limiter-flexible's PostgreSQL storage directly
 * (docs/decisions/051-rate-limit-sql-adapter.md). A login reads its counters and spends its
 * request budget in one statement, or inside the replay check's statement
 * (account/login/login-opening.ts), instead of the library's five round trips; for that these
 * statements copy the library's private `RateLimiterPostgres#_upsert` and `#_get`, which are
 * no API. They were read from this version; a test (apps/api/test/rate-limits/
 * postgres-counters-contract.test.ts) fails as soon as another is installed, and its
 * PostgreSQL twin checks that both sides still count alike, so an upgrade cannot silently
 * change what a row means.
 */
export const RATE_LIMITER_FLEXIBLE_VERSION = "11.4.0";

/** The table the PostgreSQL store counts in (packages/db/src/schema/account-security.ts). */
export const POSTGRES_TABLE = "rate_limits";

/**
 * The library's own upsert (RateLimiterPostgres `_upsert`) of one point for the budget, as
 * the body of a CTE returning `key, points, expire`: a window that has passed starts again.
 * `onlyIf` (SQL over earlier CTEs) spends only when it holds. The parameters are SQL: `$n`
 * texts for a raw statement, placeholders for a Drizzle one.
 */
export function budgetUpsertSql(p: {
  key: SQLWrapper;
  expire: SQLWrapper;
  now: SQLWrapper;
  onlyIf?: SQL;
}): SQL {
  const table = sql.raw(POSTGRES_TABLE);
  return sql`insert into ${table} (key, points, expire)
    select ${p.key}::varchar, 1, ${p.expire}::bigint${p.onlyIf ? sql` where ${p.onlyIf}` : sql``}
    on conflict (key) do update set
      points = case when ${table}.expire <= ${p.now}::bigint then 1 else ${table}.points + 1 end,
      expire = case when ${table}.expire <= ${p.now}::bigint then excluded.expire
                    else ${table}.expire end
    returning key, points, expire`;
}

/** The library's own read (RateLimiterPostgres `_get`) of several keys, as a query. */
export function countersReadSql(p: { keys: SQLWrapper; now: SQLWrapper }): SQL {
  return sql`select key, points, expire from ${sql.raw(POSTGRES_TABLE)}
    where key = any(${p.keys}::varchar[]) and (expire > ${p.now}::bigint or expire is null)`;
}

/** readCounters's statement: `$1` the keys, `$2` the clock. */
export const READ_TEXT = new PgDialect().sqlToQuery(
  countersReadSql({ keys: sql.raw("$1"), now: sql.raw("$2") }),
).sql;

/** spendAndReadCounters's statement, as pg's named statement: `$1`–`$4` are SpendAndReadValues. */
export const SPEND_AND_READ_TEXT = new PgDialect().sqlToQuery(
  sql`with spent as (${budgetUpsertSql({ key: sql.raw("$1"), expire: sql.raw("$2"), now: sql.raw("$3") })})
    select true as spent, key, points, expire from spent
    union all
    select false, key, points, expire from (${countersReadSql({ keys: sql.raw("$4"), now: sql.raw("$3") })}) counters`,
).sql;
