import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { userSessions } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession } from "../../src/account/sessions/create-session.ts";
import { createDatabaseReplayGuard } from "../../src/index.ts";
import { seedPartner, TRON_ADDRESS, usdtTrc20 } from "../affiliate/support/affiliate-kit.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

/**
 * With the database replay guard a signed-in call remembers its signature and reads its session
 * in one statement (docs/decisions/041-withdrawal-create-batched.md), on the test engine: the
 * guard and the session rules hold as in two steps, and a withdrawal takes two statements, as
 * an order's create does (the guard's, then the batched call).
 */
describe("a signed-in call on the database replay guard", () => {
  let api: TestApi;
  let partner: string;
  let token: string;
  let sessionId: string;
  let currencyId: number;
  /** Statements sent to the driver, Drizzle's and the raw ones. */
  let statements: { mock: { calls: unknown[][] }; mockClear(): void };

  beforeAll(async () => {
    api = await startTestApi({ replayGuard: (db) => createDatabaseReplayGuard(db) });
    partner = await seedPartner(api.db, { balance: "100" });
    ({ token, sessionId } = await createSession({
      tx: api.db,
      userId: partner,
      ip: "203.0.113.9",
    }));
    currencyId = await usdtTrc20(api.db);
    const { client } = api.database;
    statements = (client.engine === "pglite"
      ? vi.spyOn(client.pglite, "query")
      : vi.spyOn(client.pool, "query")) as unknown as typeof statements;
  }, 60_000);
  afterAll(() => api?.close());

  function seal(path: string, payload: Record<string, unknown>, userToken: string) {
    const { envelope, timestamp } = sealEnvelope({
      payload,
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip: "203.0.113.7",
      lang: "en",
      userAuthToken: userToken,
    });
    return () =>
      api.app
        .inject({
          method: "POST",
          url: path,
          headers: { [TIMESTAMP_HEADER]: String(timestamp) },
          payload: envelope,
        })
        .then((response) => ({ status: response.statusCode, body: response.json() }));
  }

  const withdraw = (amount = "10", userToken = token) =>
    seal(
      "/rest/ref_withdrawal/create",
      {
        currency_id: currencyId,
        amount,
        fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
      },
      userToken,
    );

  it("answers a live session, refuses the same envelope again, and takes two statements for a withdrawal", async () => {
    // Warm: the client's key, the payout currencies and the prepared statements.
    expect((await withdraw()()).status).toBe(200);
    const send = withdraw("15");
    statements.mockClear();
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ amount: "15", status: "requested" });
    expect(statements.mock.calls).toHaveLength(2);
    const again = await send();
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("REPLAYED_REQUEST");
  });

  it("refuses an unknown token with 401, and remembers the signature all the same", async () => {
    const send = withdraw("10", "f".repeat(40));
    const unknown = await send();
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe("UNAUTHORIZED");
    expect((await send()).body.error.code).toBe("REPLAYED_REQUEST");
  });

  it("refuses an ended session, and slides one last extended more than a day ago", async () => {
    await api.db
      .update(userSessions)
      .set({
        lastSeenAt: sql`now() - interval '2 days'`,
        expiresAt: sql`now() + interval '1 day'`,
      })
      .where(eq(userSessions.id, sessionId));
    expect((await seal("/rest/ref_withdrawal/list", {}, token)()).status).toBe(200);
    const [slid] = await api.db.select().from(userSessions).where(eq(userSessions.id, sessionId));
    expect(slid!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3_600_000);
    expect(slid!.ip).toBe("203.0.113.7");

    await api.db
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(eq(userSessions.id, sessionId));
    const ended = await seal("/rest/ref_withdrawal/list", {}, token)();
    expect(ended.status).toBe(401);
    expect(ended.body.error.code).toBe("UNAUTHORIZED");
  });
});
