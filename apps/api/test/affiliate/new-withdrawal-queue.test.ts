import {
  affiliateLedgerLines,
  affiliateWithdrawals,
  createTestDatabase,
  type Database,
  type TestDatabase,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewWithdrawal } from "../../src/affiliate/withdrawals/insert-new-withdrawals.ts";
import { createNewWithdrawalQueue } from "../../src/affiliate/withdrawals/new-withdrawal-queue.ts";
import { type StatementSpy, spyOnStatements } from "../support/statement-spy.ts";
import {
  ledgerSum,
  SETTINGS,
  seedPartner,
  TRON_ADDRESS,
  usdtTrc20,
} from "./support/affiliate-kit.ts";

/**
 * Withdrawal requests batched into one `create_withdrawal` statement while another is out
 * (docs/decisions/041-withdrawal-create-batched.md), on the test engine (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): each request keeps its own outcome, two requests of one partner in
 * a batch are checked one after the other, and a batch that fails is retried request by request.
 */
describe("withdrawal requests batched while a call is out", () => {
  let database: TestDatabase;
  let db: Database;
  let currencyId: number;
  /** Statements sent through the driver (the queue's calls bypass Drizzle). */
  let statements: StatementSpy;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    db = database.db;
    currencyId = await usdtTrc20(db);
    statements = spyOnStatements(database);
  }, 60_000);
  afterAll(() => database.close());

  const request = (partnerId: string, amount = "10", change: Partial<NewWithdrawal> = {}) => ({
    partnerId,
    currencyId,
    currency: SETTINGS.currency,
    amount,
    fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
    ...change,
  });

  async function available(partnerId: string): Promise<string> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${affiliateLedgerLines.amount}), 0)::text` })
      .from(affiliateLedgerLines)
      .where(
        and(
          eq(affiliateLedgerLines.partnerId, partnerId),
          eq(affiliateLedgerLines.account, "available"),
        ),
      );
    return toDecimal(row!.total).toString();
  }

  it("sends a lone request at once, and those arriving meanwhile as one statement", async () => {
    const partner = await seedPartner(db, { balance: "1000" });
    const queue = createNewWithdrawalQueue({ db, maxInFlight: 1 });
    statements.mockClear();
    expect(await queue.insert(request(partner))).toMatchObject({ outcome: "created" });
    expect(statements.mock.calls).toHaveLength(1);

    statements.mockClear();
    const rush = await Promise.all(
      Array.from({ length: 12 }, () => queue.insert(request(partner))),
    );
    expect(rush.map((outcome) => outcome.outcome)).toEqual(Array(12).fill("created"));
    // The first went alone; the 11 that arrived while it was out went together.
    expect(statements.mock.calls).toHaveLength(2);
    // One statement is one transaction: the 11 share their start time.
    const times = await db
      .selectDistinct({ at: affiliateWithdrawals.createdAt })
      .from(affiliateWithdrawals)
      .where(eq(affiliateWithdrawals.partnerId, partner));
    expect(times).toHaveLength(3);
    expect(await available(partner)).toBe(String(1000 - 13 * 10));
  });

  it("answers each request of a batch with its own outcome, in the order given; one partner's requests one after the other", async () => {
    const poor = await seedPartner(db, { balance: "25" });
    const rich = await seedPartner(db, { balance: "100" });
    const queue = createNewWithdrawalQueue({ db, maxInFlight: 1 });
    const blocker = queue.insert(request(rich));
    // Interleaved: the batch runs sorted by partner, the answers come back as given.
    const outcomes = await Promise.all(
      [request(poor), request(rich, "20"), request(poor), request(poor), request(rich, "30")].map(
        (item) => queue.insert(item),
      ),
    );
    await blocker;
    expect(outcomes).toEqual([
      expect.objectContaining({ outcome: "created", amount: expect.stringMatching(/^10(\.0*)?$/) }),
      expect.objectContaining({ outcome: "created", amount: expect.stringMatching(/^20(\.0*)?$/) }),
      expect.objectContaining({ outcome: "created" }),
      // The third of 10 from 25: the batch's own two holds are seen.
      { outcome: "insufficient", available: expect.stringMatching(/^5(\.0*)?$/) },
      expect.objectContaining({ outcome: "created", amount: expect.stringMatching(/^30(\.0*)?$/) }),
    ]);
    expect(await available(poor)).toBe("5");
    expect(await available(rich)).toBe("40");
    expect(await ledgerSum(db)).toBe("0");
  });

  it("retries a batch that fails as a whole request by request: only the bad one fails", async () => {
    const partner = await seedPartner(db, { balance: "100" });
    const queue = createNewWithdrawalQueue({ db, maxInFlight: 1 });
    const blocker = queue.insert(request(partner));
    const settled = await Promise.allSettled([
      queue.insert(request(partner)),
      // No such currency: the foreign key fails the statement, and with it the batch.
      queue.insert(request(partner, "10", { currencyId: 999_999 })),
      queue.insert(request(partner)),
    ]);
    await blocker;
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await available(partner)).toBe("70");
    expect(await ledgerSum(db)).toBe("0");
  });
});
