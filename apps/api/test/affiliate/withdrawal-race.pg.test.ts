import { affiliateLedgerLines, affiliateWithdrawals, type TestDatabase } from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../src/account/sessions/create-session.ts";
import {
  type ApiProcesses,
  createSeededDatabase,
  sealedPost,
  startApiProcesses,
} from "../support/api-processes.ts";
import { ledgerSum, seedPartner, TRON_ADDRESS, usdtTrc20 } from "./support/affiliate-kit.ts";

/**
 * DESIGN.md invariant 1 for the affiliate ledger: concurrent withdrawal requests for one partner
 * from two server processes on one PostgreSQL never take the available balance below zero, and
 * the ledger always sums to zero. The partner's row lock (create-withdrawal.ts) is what holds it:
 * without it, both processes read the same balance and both hold it.
 */
describe("concurrent withdrawals from two server processes on PostgreSQL", () => {
  let database: TestDatabase;
  let processes: ApiProcesses;
  let ports: number[];

  beforeAll(async () => {
    database = await createSeededDatabase();
    processes = await startApiProcesses(database.databaseUrl);
    ports = processes.ports;
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
    await database?.close();
  });

  it("holds exactly what the balance covers, whatever the interleaving", async () => {
    const { db } = database;
    const currency = await usdtTrc20(db);
    // Five partners at once, each with 100 and 24 requests of 10 split over both processes:
    // exactly ten per partner may pass.
    const partners = await Promise.all(
      Array.from({ length: 5 }, async (_, index) => {
        const id = await seedPartner(db, { email: `race-${index}@example.com`, balance: "100" });
        const { token } = await createSession({ tx: db, userId: id, ip: "203.0.113.9" });
        return { id, token };
      }),
    );
    const results = await Promise.all(
      partners.flatMap((partner) =>
        Array.from({ length: 24 }, (_, index) =>
          sealedPost(
            ports[index % 2]!,
            "/rest/ref_withdrawal/create",
            {
              currency_id: currency,
              amount: "10",
              fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
            },
            // Identical envelopes in one millisecond would be refused as replays: each
            // request comes from an address of its own.
            { token: partner.token, ip: `198.51.100.${index + 1}` },
          ).then((result) => ({ partner: partner.id, ...result })),
        ),
      ),
    );
    for (const result of results) expect([200, 409]).toContain(result.status);
    for (const partner of partners) {
      const mine = results.filter((result) => result.partner === partner.id);
      expect(mine.filter((result) => result.status === 200)).toHaveLength(10);
      const refused = mine.find((result) => result.status === 409)!;
      expect(refused.body.error.code).toBe("CONFLICT");
      const [available] = await db
        .select({ total: sql<string>`sum(${affiliateLedgerLines.amount})::text` })
        .from(affiliateLedgerLines)
        .where(
          and(
            eq(affiliateLedgerLines.partnerId, partner.id),
            eq(affiliateLedgerLines.account, "available"),
          ),
        );
      expect(toDecimal(available!.total).eq(0)).toBe(true);
      const held = await db
        .select()
        .from(affiliateWithdrawals)
        .where(eq(affiliateWithdrawals.partnerId, partner.id));
      expect(held).toHaveLength(10);
    }
    expect(await ledgerSum(db)).toBe("0");
  }, 120_000);
});
