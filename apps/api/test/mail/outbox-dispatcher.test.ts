import {
  createTestDatabase,
  type Database,
  mailOutbox,
  openDatabase,
  type TestDatabase,
} from "@obmen/db";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createDevMailboxMailer,
  createSmtpMailer,
  type DispatchReport,
  type Mailer,
  startOutboxDispatcher,
} from "../../src/mail/index.ts";
import {
  databaseNow,
  dispatchOnce,
  MAIL_FROM,
  makeDue,
  outboxRow,
  recordingLog,
} from "./support/mail-test-kit.ts";
import { closedSmtpUrl, type SmtpSink, startSmtpSink } from "./support/smtp-sink.ts";

describe("outbox dispatcher", () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let mailer: Mailer;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    mailer = createSmtpMailer(sink.url, MAIL_FROM);
  });
  afterAll(async () => {
    mailer?.close?.();
    await sink?.close();
    await database?.close();
  });
  beforeEach(async () => {
    sink.messages.length = 0;
    Object.assign(sink.state, { rejectRecipients: false, delayMs: 0 });
    await database.db.delete(mailOutbox);
  });

  async function enqueue(db: Database, count = 1) {
    const rows = await db
      .insert(mailOutbox)
      .values(
        Array.from({ length: count }, (_, i) => ({
          to: `customer${i}@example.com`,
          subject: `Mail ${i}`,
          text: `Body ${i}`,
          html: `<p>Body ${i}</p>`,
          locale: "en",
          kind: "order_created",
        })),
      )
      .returning({ id: mailOutbox.id });
    return rows.map((row) => row.id);
  }

  it("keeps a refused mail pending with a later retry time, then sends it on a later run", async () => {
    const [id] = await enqueue(database.db);
    sink.state.rejectRecipients = true;
    const log = recordingLog();
    const before = await databaseNow(database.db);

    const refused = await dispatchOnce(database.db, mailer, { log, retryBaseMs: 60_000 });
    expect(refused).toMatchObject({ claimed: 1, delivered: 0, retrying: 1 });
    const pending = await outboxRow(database.db, id!);
    expect(pending).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(pending.lastError).toMatch(/550/);
    // 60 s with at most 20 % jitter off.
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(before.getTime() + 45_000);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ mailId: id, attempts: 1 }),
      "mail retry",
    );
    expect(sink.messages).toHaveLength(0);

    // Not due yet: another run leaves it alone.
    expect((await dispatchOnce(database.db, mailer)).claimed).toBe(0);

    sink.state.rejectRecipients = false;
    await makeDue(database.db, id!);
    expect(await dispatchOnce(database.db, mailer)).toMatchObject({ claimed: 1, delivered: 1 });
    const sent = await outboxRow(database.db, id!);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(sink.messages.map((message) => message.subject)).toEqual(["Mail 0"]);
  });

  it("retries when nothing listens on the SMTP port", async () => {
    const [id] = await enqueue(database.db);
    const unreachable = createSmtpMailer(await closedSmtpUrl(), MAIL_FROM);
    const report = await dispatchOnce(database.db, unreachable);
    expect(report).toMatchObject({ claimed: 1, retrying: 1 });
    const row = await outboxRow(database.db, id!);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it("gives a mail up as failed after the last allowed attempt", async () => {
    const [id] = await enqueue(database.db);
    const unreachable = createSmtpMailer(await closedSmtpUrl(), MAIL_FROM);
    const log = recordingLog();
    await dispatchOnce(database.db, unreachable, { maxAttempts: 2, log });
    await makeDue(database.db, id!);
    const last = await dispatchOnce(database.db, unreachable, { maxAttempts: 2, log });
    expect(last).toMatchObject({ claimed: 1, failed: 1 });
    expect(await outboxRow(database.db, id!)).toMatchObject({ status: "failed", attempts: 2 });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ mailId: id, attempts: 2 }),
      "mail gave up",
    );
    await makeDue(database.db, id!);
    expect((await dispatchOnce(database.db, unreachable)).claimed).toBe(0);
  });

  it("sends each mail exactly once when two replicas' dispatchers race", async () => {
    const ids = await enqueue(database.db, 40);
    // On PostgreSQL the second dispatcher has its own connection pool, like another replica;
    // PGlite lives in one process, so both share it.
    const replica =
      database.engine === "postgres"
        ? await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" })
        : undefined;
    sink.state.delayMs = 5;
    const drain = async (db: Database) => {
      const dispatcher = startOutboxDispatcher({
        db,
        mailer,
        batchSize: 3,
        intervalMs: 3_600_000,
        log: recordingLog(),
      });
      const reports: DispatchReport[] = [];
      try {
        for (;;) {
          const report = await dispatcher.runOnce();
          if (report.claimed === 0) return reports;
          reports.push(report);
        }
      } finally {
        await dispatcher.stop();
      }
    };
    try {
      const [first, second] = await Promise.all([
        drain(database.db),
        drain(replica?.db ?? database.db),
      ]);
      const delivered = (reports: DispatchReport[]) =>
        reports.reduce((sum, report) => sum + report.delivered, 0);
      expect(delivered(first) + delivered(second)).toBe(40);
      // Both really took part, or the test proves nothing about racing.
      expect(delivered(first)).toBeGreaterThan(0);
      expect(delivered(second)).toBeGreaterThan(0);
    } finally {
      await replica?.close();
    }
    const subjects = sink.messages.map((message) => message.subject).sort();
    expect(subjects).toEqual(ids.map((_, i) => `Mail ${i}`).sort());
    const rows = await database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("hands back the rest of a batch once sending has taken half the lease", async () => {
    const [first, second] = await enqueue(database.db, 2);
    sink.state.delayMs = 400;
    const report = await dispatchOnce(database.db, mailer, { leaseMs: 600 });
    expect(report).toMatchObject({ claimed: 2, delivered: 1, released: 1 });
    expect(await outboxRow(database.db, first!)).toMatchObject({ status: "sent", attempts: 1 });
    const released = await outboxRow(database.db, second!);
    expect(released).toMatchObject({ status: "pending", attempts: 0 });
    expect(released.nextAttemptAt.getTime()).toBeLessThanOrEqual(
      (await databaseNow(database.db)).getTime(),
    );
  });

  it("marks due mail stored, not sent, when the dev mailbox is the only recipient", async () => {
    const [due, later] = await enqueue(database.db, 2);
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(eq(mailOutbox.id, later!));
    expect(await dispatchOnce(database.db, createDevMailboxMailer())).toMatchObject({
      claimed: 1,
      delivered: 1,
    });
    const row = await outboxRow(database.db, due!);
    expect(row).toMatchObject({ status: "stored", attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(await outboxRow(database.db, later!)).toMatchObject({
      status: "pending",
      attempts: 0,
      sentAt: null,
    });
    expect(sink.messages).toHaveLength(0);
  });

  it("marks a run's deliveries together, skipping a mail another dispatcher claimed meanwhile", async () => {
    const [first, second, third] = await enqueue(database.db, 3);
    // While `second` is being sent, its lease is taken over (as after a dispatcher stalled past
    // it): the newer claim counted another attempt, so this run must not record the outcome.
    const takingOver: Mailer = {
      deliveredStatus: "stored",
      async send(message) {
        if (message.to === "customer1@example.com") {
          await database.db
            .update(mailOutbox)
            .set({ attempts: sql`${mailOutbox.attempts} + 1` })
            .where(eq(mailOutbox.id, second!));
        }
      },
    };
    expect(await dispatchOnce(database.db, takingOver)).toMatchObject({ delivered: 3 });
    expect(await outboxRow(database.db, first!)).toMatchObject({ status: "stored", attempts: 1 });
    expect(await outboxRow(database.db, second!)).toMatchObject({
      status: "pending",
      attempts: 2,
      sentAt: null,
    });
    const thirdRow = await outboxRow(database.db, third!);
    expect(thirdRow).toMatchObject({ status: "stored", attempts: 1, lastError: null });
    expect(thirdRow.sentAt).toBeInstanceOf(Date);
  });

  it("delivers on its own timer and stops cleanly", async () => {
    const [id] = await enqueue(database.db);
    const dispatcher = startOutboxDispatcher({
      db: database.db,
      mailer,
      intervalMs: 20,
      log: recordingLog(),
    });
    try {
      await expect
        .poll(async () => (await outboxRow(database.db, id!)).status, { timeout: 5_000 })
        .toBe("sent");
    } finally {
      await dispatcher.stop();
    }
  });
});
