import { type Database, mailOutbox } from "@obmen/db";
import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import { letterWithOwnTarget } from "../payments/letter-with-own-target.ts";
import { outboxLetter } from "./enqueue-order-mail.ts";
import type { Mailer } from "./mailer.ts";

/** Pino-compatible (Fastify's `app.log` fits), so the server passes its logger as is. */
export interface DispatcherLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface OutboxDispatcherOptions {
  db: Database;
  mailer: Mailer;
  /** Pause between runs when the outbox was drained (default 5 s). */
  intervalMs?: number;
  /** Mails claimed per run (default 20); a full batch is followed by another run at once. */
  batchSize?: number;
  /** Attempts before a mail is given up as `failed` (default 10: about 3.5 hours of retries). */
  maxAttempts?: number;
  /** Delay after the first failure, doubled after each further one (default 30 s)… */
  retryBaseMs?: number;
  /** …up to this (default 1 h). */
  retryMaxMs?: number;
  /**
   * How long a claimed mail stays invisible to other dispatchers. It must outlast one send
   * (the SMTP mailer's timeouts); a dispatcher that dies mid-send leaves the mail for a retry
   * after it (default 5 min).
   */
  leaseMs?: number;
  /** Where failures go: the server's logger (Fastify's `app.log`), never the console. */
  log: DispatcherLog;
}

export interface DispatchReport {
  claimed: number;
  delivered: number;
  /** Failed this time, scheduled again. */
  retrying: number;
  /** Failed for the last allowed time. */
  failed: number;
  /** Handed back unsent because the run took half the lease (a hanging SMTP server). */
  released: number;
}

export interface OutboxDispatcher {
  /** One run: claim due mails, deliver each, record the outcome. Tests call it directly. */
  runOnce(): Promise<DispatchReport>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

type ClaimedMail = {
  id: number;
  kind: string;
  locale: string;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  content: unknown;
  attempts: number;
  createdMs: string;
};

/** How long a delivered mail may wait to be marked (see runOnce). */
const RECORD_DELIVERED_EVERY_MS = 250;

/**
 * Delivers the mail outbox (docs/decisions/005-order-mail.md). Each run claims due rows with
 * `FOR UPDATE SKIP LOCKED` and, in the same statement, counts the attempt and leases the rows
 * (`next_attempt_at` in the future), then sends outside any transaction: a slow SMTP server
 * never holds a database lock, which on PGlite would stall every other query of the process.
 * Any number of replicas may run one; each mail is claimed by exactly one of them.
 */
export function startOutboxDispatcher(options: OutboxDispatcherOptions): OutboxDispatcher {
  const { db, mailer } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const retryMaxMs = options.retryMaxMs ?? 3_600_000;
  const leaseMs = options.leaseMs ?? 300_000;
  const log = options.log;
  const deliveredStatus = mailer.deliveredStatus ?? "sent";

  // The due mail a run takes, locked. MATERIALIZED: the locking subquery runs once, whatever
  // the planner would prefer.
  const due = sql`
      with due as materialized (
        select id from mail_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${batchSize}
        for update skip locked
      )`;

  async function claim(): Promise<ClaimedMail[]> {
    const result = await db.execute<ClaimedMail>(sql`${due}
      update mail_outbox as m
      set attempts = m.attempts + 1,
          next_attempt_at = now() + ${leaseMs}::double precision * interval '1 millisecond'
      from due
      where m.id = due.id
      returning m.id, m.kind, m.locale, m."to", m.subject, m.text, m.html, m.content, m.attempts,
        (extract(epoch from m.created_at) * 1000)::bigint::text as "createdMs"
    `);
    return result.rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
  }

  /** For a mailer that sends nothing: due mail is delivered by claiming it (Mailer.sendsNothing). */
  async function claimAsDelivered(): Promise<number> {
    const result = await db.execute<{ id: number }>(sql`${due}
      update mail_outbox as m
      set attempts = m.attempts + 1, status = ${deliveredStatus}, sent_at = now(),
          last_error = null
      from due
      where m.id = due.id
      returning m.id
    `);
    return result.rows.length;
  }

  /** Only the claim that is still current may record an outcome (a later claim re-counted it). */
  const stillOurs = (mail: ClaimedMail) =>
    and(
      eq(mailOutbox.id, mail.id),
      eq(mailOutbox.status, "pending"),
      eq(mailOutbox.attempts, mail.attempts),
    );

  /**
   * Marks delivered mails in one statement. Only claims still current are marked, as in
   * `stillOurs`; a mail left unmarked by a crash is sent again after its lease, as before.
   */
  async function recordDelivered(mails: readonly ClaimedMail[]) {
    if (mails.length === 0) return;
    const claims = JSON.stringify(mails.map(({ id, attempts }) => ({ id, attempts })));
    await db.execute(sql`
      update mail_outbox as m
      set status = ${deliveredStatus}, sent_at = now(), last_error = null,
        content = ${withoutLinkToken(sql`m.content`)}
      from jsonb_to_recordset(${claims}::jsonb) as claim(id integer, attempts integer)
      where m.id = claim.id and m.attempts = claim.attempts and m.status = 'pending'
    `);
  }

  /** Sends one mail; a failure is recorded at once, a success is left to the caller to batch. */
  async function deliver(mail: ClaimedMail): Promise<"delivered" | "retrying" | "failed"> {
    try {
      // Rendered here, not when the order was written (enqueue-order-mail.ts); a letter that
      // cannot be rendered fails like a refused send, and is retried and reported the same way.
      // A watched currency's new order names its own address (issue 28).
      const content = await letterWithOwnTarget({ db, kind: mail.kind, content: mail.content });
      const letter = outboxLetter({ ...mail, content });
      await mailer.send({
        to: mail.to,
        subject: letter.subject,
        text: letter.text,
        html: letter.html,
        idempotencyKey: `obmen-mail-${mail.id}-${mail.createdMs}`,
      });
    } catch (error) {
      const lastError = describeError(error);
      if (mail.attempts >= maxAttempts) {
        await db
          .update(mailOutbox)
          .set({ status: "failed", lastError, content: withoutLinkToken(mailOutbox.content) })
          .where(stillOurs(mail));
        log.error({ mailId: mail.id, attempts: mail.attempts, error: lastError }, "mail gave up");
        return "failed";
      }
      const delayMs = retryDelayMs(mail.attempts, retryBaseMs, retryMaxMs);
      await db
        .update(mailOutbox)
        .set({
          lastError,
          nextAttemptAt: sql`now() + ${delayMs}::double precision * interval '1 millisecond'`,
        })
        .where(stillOurs(mail));
      log.warn(
        { mailId: mail.id, attempts: mail.attempts, delayMs, error: lastError },
        "mail retry",
      );
      return "retrying";
    }
    return "delivered";
  }

  /** Back to due at once, the attempt uncounted: this run never tried it. */
  async function release(mail: ClaimedMail) {
    await db
      .update(mailOutbox)
      .set({ attempts: mail.attempts - 1, nextAttemptAt: sql`now()` })
      .where(stillOurs(mail));
  }

  async function runOnce(): Promise<DispatchReport> {
    if (mailer.sendsNothing) {
      const delivered = await claimAsDelivered();
      return { claimed: delivered, delivered, retrying: 0, failed: 0, released: 0 };
    }
    const startedAt = performance.now();
    const claimed = await claim();
    const report: DispatchReport = {
      claimed: claimed.length,
      delivered: 0,
      retrying: 0,
      failed: 0,
      released: 0,
    };
    // Delivered mails are marked together, one statement per quarter second of sending rather
    // than one per mail: a burst of orders brings a burst of mail, and with the dev mailbox or
    // a fast relay the per-mail statements were most of the dispatcher's cost. A crash can then
    // re-send what was delivered in its last quarter second, never more.
    let unrecorded: ClaimedMail[] = [];
    let recordedAt = performance.now();
    const recordDue = async (force: boolean) => {
      if (!force && performance.now() - recordedAt < RECORD_DELIVERED_EVERY_MS) return;
      const mails = unrecorded;
      unrecorded = [];
      recordedAt = performance.now();
      await recordDelivered(mails);
    };
    try {
      for (const mail of claimed) {
        // Sends are sequential; past half the lease the rest could be claimed again elsewhere
        // and sent twice, so they go back instead.
        if (performance.now() - startedAt > leaseMs / 2) {
          await release(mail);
          report.released += 1;
          continue;
        }
        const outcome = await deliver(mail);
        report[outcome] += 1;
        if (outcome === "delivered") unrecorded.push(mail);
        await recordDue(false);
      }
    } finally {
      await recordDue(true);
    }
    return report;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(tick, delayMs);
    // The dispatcher alone never keeps the process alive.
    timer.unref();
  }

  function tick() {
    const run = runOnce().then(
      (report) => (report.claimed === batchSize ? 0 : intervalMs),
      (error: unknown) => {
        log.error({ error: describeError(error) }, "mail dispatcher run failed");
        return intervalMs;
      },
    );
    running = run;
    void run.then((delayMs) => {
      running = undefined;
      schedule(delayMs);
    });
  }

  schedule(intervalMs);
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * An account letter's link token (account-mail.ts) is kept only until the letter left or was
 * given up: from then on the row is a log entry, and a database read must not yield a link
 * that still works (docs/decisions/024). Other contents have no top-level `token`.
 */
function withoutLinkToken(content: SQL | AnyColumn) {
  return sql`${content} - 'token'`;
}

/** Exponential backoff with ±20 % jitter, so replicas' retries of a failed server spread out. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}
