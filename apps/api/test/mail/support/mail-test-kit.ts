import { type Database, mailOutbox } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { vi } from "vitest";
import {
  type DispatcherLog,
  type Mailer,
  type OutboxDispatcherOptions,
  outboxLetter,
  startOutboxDispatcher,
} from "../../../src/mail/index.ts";

export const APP_URL = "https://obmen.example/";
export const MAIL_FROM = "Obmen <no-reply@obmen.example>";

/** A log that records instead of printing; a test asserts on what it expects to be there. */
export function recordingLog() {
  return { warn: vi.fn(), error: vi.fn() } satisfies DispatcherLog;
}

/** One dispatcher run with no timer left behind. */
export async function dispatchOnce(
  db: Database,
  mailer: Mailer,
  options: Partial<OutboxDispatcherOptions> = {},
) {
  const dispatcher = startOutboxDispatcher({
    db,
    mailer,
    intervalMs: 3_600_000,
    log: recordingLog(),
    ...options,
  });
  try {
    return await dispatcher.runOnce();
  } finally {
    await dispatcher.stop();
  }
}

/** An outbox row with its letter as it is delivered (rendered from `content` where it has one). */
export async function outboxRow(db: Database, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`mail ${id} is not in the outbox`);
  return withLetter(row);
}

export function withLetter<Row extends typeof mailOutbox.$inferSelect>(row: Row) {
  return { ...row, ...outboxLetter(row) };
}

/** The database's clock, which the dispatcher's `next_attempt_at` is measured against. */
export async function databaseNow(db: Database): Promise<Date> {
  const { rows } = await db.execute<{ now: string }>(
    sql`select (extract(epoch from now()) * 1000)::bigint::text as now`,
  );
  return new Date(Number(rows[0]!.now));
}

/** Moves a mail's retry time into the past: the backoff has "elapsed" without waiting for it. */
export async function makeDue(db: Database, id: number) {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mailOutbox.id, id));
}
