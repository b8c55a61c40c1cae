import {
  commitAsynchronously,
  type Database,
  preparedPerDatabase,
  users,
  userTotp,
} from "@obmen/db";
import { normalizeAccountEmail } from "@obmen/domain";
import { eq, sql } from "drizzle-orm";
import { type ReplayGuard, seenSignaturesCte } from "../../http/replay-guard.ts";
import type { UserRow } from "../../http/user-auth.ts";
import type { AccountLimits, LoginGate } from "../../rate-limits/account-limits.ts";
import type { CounterRow } from "../../rate-limits/limiter-store.ts";
import { budgetUpsertSql, countersReadSql } from "../../rate-limits/postgres-counters-sql.ts";

/** What a login knows before its hash: its limits' verdict and the account it names, if any. */
export interface LoginOpening {
  gate: LoginGate;
  found: { user: UserRow; totpEnabledAt: Date | null } | undefined;
}

/**
 * The typed address as the limits count it and as the lookup needs it: the normalised e-mail
 * (null when it is no address), else what was typed, so a failure is counted either way.
 */
export function loginAccount(typed: string): { email: string | null; account: string } {
  const email = normalizeAccountEmail(typed);
  return { email, account: email ?? typed.trim().toLowerCase() };
}

/**
 * A login's steps before its hash, one statement each: the limits (one on PostgreSQL, none in
 * memory), then the account with whether a second factor is on.
 */
export async function openLogin(options: {
  db: Database;
  limits: AccountLimits;
  email: string;
  ip: string;
}): Promise<LoginOpening> {
  const { email, account } = loginAccount(options.email);
  const gate = await options.limits.beforeLogin({ email: account, ip: options.ip });
  const [found] = email ? await loginLookup(options.db).execute({ email }) : [];
  return { gate, found };
}

/**
 * `/rest/user/login`'s replay check with its first steps (signed-route.ts `rememberWith`): on
 * the database replay guard, the signature's insert, the limits' statement (on PostgreSQL) and
 * the account's lookup are ONE statement, so a login makes two round trips, this and its
 * session's insert, instead of four (issue 13's login_rps; decision 044). A replayed envelope
 * spends nothing: the budget's upsert runs only for a new signature. Elsewhere (memory or
 * Redis guard), or if the statement fails, the guard's own check and then {@link openLogin}.
 */
export async function rememberAndOpenLogin(options: {
  db: Database;
  guard: ReplayGuard;
  limits: AccountLimits;
  signature: string;
  timestamp: number;
  email: string;
  ip: string;
}): Promise<{ fresh: boolean; value?: LoginOpening }> {
  const { db, guard, limits, ip } = options;
  const { email, account } = loginAccount(options.email);
  if (guard.rememberInside) {
    const counted = limits.beforeLoginInStatement({ email: account, ip });
    const statement = counted ? openingWithCounters(db) : openingWithoutCounters(db);
    const entry = { signature: options.signature, timestamp: options.timestamp };
    const [opened] = await guard
      .rememberInside([entry], ([row]) =>
        statement.execute({
          signature: row!.signature,
          expiresAt: row!.expiresAt,
          email,
          ...counted?.values,
        }),
      )
      // The statement failed as a whole (nothing of it was written): the steps one by one.
      .catch(() => []);
    if (opened) {
      if (!opened.fresh) return { fresh: false };
      const gate = counted
        ? counted.judge([
            ...(opened.spent ?? []).map((row) => counterRow(true, row)),
            ...(opened.counters ?? []).map((row) => counterRow(false, row)),
          ])
        : await limits.beforeLogin({ email: account, ip });
      const { user, totpEnabledAt } = opened;
      return { fresh: true, value: { gate, found: user ? { user, totpEnabledAt } : undefined } };
    }
  }
  if (!(await guard.remember(options.signature, options.timestamp))) return { fresh: false };
  return { fresh: true, value: await openLogin({ db, limits, email: options.email, ip }) };
}

/** A counter row as the statement's JSON carries it: `[key, points, expire]`. */
type CounterJson = [string, number, number | null];

function counterRow(spent: boolean, [key, points, expire]: CounterJson): CounterRow {
  return { spent, key, points, expire };
}

/** The user and whether TOTP is on, by login (prepared: see createLoginSession). */
const loginLookup = preparedPerDatabase((db) =>
  db
    .select({ user: users, totpEnabledAt: userTotp.enabledAt })
    .from(users)
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(eq(users.email, sql.placeholder("email")))
    .prepare("login_user"),
);

/**
 * The one statement: `input` (the signature and its expiry), the guard's insert over it
 * (`seen`), with the limits the budget's upsert (`spent`, only if `seen` took the signature)
 * and the counters' read (`counters`), and the account by e-mail, left-joined onto one row so
 * an unknown address still answers.
 */
function openingStatement(db: Database, withCounters: boolean) {
  const ph = sql.placeholder;
  const input = db
    .$with("input", { signature: sql<string>`signature` })
    .as(
      sql`select ${ph("signature")}::text as signature, ${ph("expiresAt")}::timestamptz as expires_at`,
    );
  const seen = seenSignaturesCte(db);
  const spent = db.$with("spent", { key: sql<string>`key` }).as(
    budgetUpsertSql({
      key: ph("spentKey"),
      expire: ph("spentExpire"),
      now: ph("now"),
      onlyIf: sql`exists (select 1 from seen)`,
    }),
  );
  const counters = db
    .$with("counters", { key: sql<string>`key` })
    .as(countersReadSql({ keys: ph("keys"), now: ph("now") }));
  const asJson = (cte: string) =>
    sql<
      CounterJson[] | null
    >`(select json_agg(json_build_array(key, points, expire)) from ${sql.raw(cte)})`;
  return db
    .with(input, seen, ...(withCounters ? [spent, counters] : []))
    .select({
      fresh: sql<boolean>`exists (select 1 from seen)`,
      spent: withCounters ? asJson("spent") : sql<CounterJson[] | null>`null`,
      counters: withCounters ? asJson("counters") : sql<CounterJson[] | null>`null`,
      user: users,
      totpEnabledAt: userTotp.enabledAt,
      // The signature (an unlogged table anyway) and the counters need no flush to disk before
      // the answer: a crash's loss of the last few is harmless (decision 047).
      asynchronousCommit: commitAsynchronously,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(users, eq(users.email, sql.placeholder("email")))
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .prepare(withCounters ? "login_opening" : "login_opening_no_counters");
}

const openingWithCounters = preparedPerDatabase((db) => openingStatement(db, true));
const openingWithoutCounters = preparedPerDatabase((db) => openingStatement(db, false));
