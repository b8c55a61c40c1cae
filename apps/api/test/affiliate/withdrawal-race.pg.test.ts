import type { ChildProcess } from "node:child_process";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import {
  affiliateLedgerLines,
  affiliateWithdrawals,
  apiClients,
  createTestDatabase,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../src/account/sessions/create-session.ts";
import { startApiProcess } from "../support/start-api-process.ts";
import { TEST_CLIENT } from "../support/test-api.ts";
import { ledgerSum, seedPartner, TRON_ADDRESS, usdtTrc20 } from "./support/affiliate-kit.ts";

async function signed(
  port: number,
  path: string,
  payload: Record<string, unknown>,
  token: string,
  ip: string,
) {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: TEST_CLIENT.publicKey,
    secret: TEST_CLIENT.secret,
    ip,
    lang: "en",
    userAuthToken: token,
  });
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
    body: JSON.stringify(envelope),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/**
 * DESIGN.md invariant 1 for the affiliate ledger: concurrent withdrawal requests for one partner
 * from two server processes on one PostgreSQL never take the available balance below zero, and
 * the ledger always sums to zero. The partner's row lock (create-withdrawal.ts) is what holds it:
 * without it, both processes read the same balance and both hold it.
 */
describe("concurrent withdrawals from two server processes on PostgreSQL", () => {
  let database: TestDatabase;
  const processes: ChildProcess[] = [];
  const ports = [
    38_000 + Math.floor(Math.random() * 1000),
    39_000 + Math.floor(Math.random() * 1000),
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
    await database.db.insert(apiClients).values(TEST_CLIENT);
    for (const port of ports) processes.push(await startApiProcess(database.databaseUrl, port));
  }, 60_000);
  afterAll(async () => {
    for (const child of processes) child.kill("SIGTERM");
    await Promise.all(
      processes.map((child) => new Promise((resolve) => child.once("exit", resolve))),
    );
    await database.close();
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
          signed(
            ports[index % 2]!,
            "/rest/ref_withdrawal/create",
            {
              currency_id: currency,
              amount: "10",
              fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
            },
            partner.token,
            // Identical envelopes in one millisecond would be refused as replays: each
            // request comes from an address of its own.
            `198.51.100.${index + 1}`,
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
