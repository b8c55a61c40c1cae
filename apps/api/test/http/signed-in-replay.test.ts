import { randomBytes } from "node:crypto";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { userSessions } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../src/account/sessions/create-session.ts";
import { createRememberingSessionResolver } from "../../src/account/sessions/remember-and-resolve-sessions.ts";
import { createDatabaseReplayGuard, type ReplayGuard } from "../../src/index.ts";
import { seedPartner, TRON_ADDRESS, usdtTrc20 } from "../affiliate/support/affiliate-kit.ts";
import { type StatementSpy, spyOnStatements } from "../support/statement-spy.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

/**
 * With the database replay guard a signed-in call remembers its signature and reads its session
 * in one statement, shared by the calls arriving together
 * (docs/decisions/041-withdrawal-create-batched.md), on the test engine: the guard and the
 * session rules hold as in two steps, a withdrawal takes two statements, as an order's create
 * does (the guard's, then the batched call), and a rush shares them.
 */
describe("a signed-in call on the database replay guard", () => {
  let api: TestApi;
  let partner: string;
  let token: string;
  let sessionId: string;
  let currencyId: number;
  let statements: StatementSpy;

  beforeAll(async () => {
    api = await startTestApi({ replayGuard: (db) => createDatabaseReplayGuard(db) });
    partner = await seedPartner(api.db, { balance: "100" });
    ({ token, sessionId } = await createSession({
      tx: api.db,
      userId: partner,
      ip: "203.0.113.9",
    }));
    currencyId = await usdtTrc20(api.db);
    statements = spyOnStatements(api.database);
  }, 60_000);
  afterAll(() => api?.close());

  function seal(
    path: string,
    payload: Record<string, unknown>,
    userToken: string,
    ip = "203.0.113.7",
  ) {
    const { envelope, timestamp } = sealEnvelope({
      payload,
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip,
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

  it("shares the guard's statement among calls arriving together; the same envelope twice at once passes once", async () => {
    const resolve = createRememberingSessionResolver({
      db: api.db,
      guard: createDatabaseReplayGuard(api.db) as Required<ReplayGuard>,
    });
    const call = (signature: string, userToken = token) =>
      resolve({ signature, timestamp: Date.now(), token: userToken, ip: "203.0.113.7" });
    const prefix = randomBytes(8).toString("hex");
    statements.mockClear();
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, index) => call(`${prefix}-${index}`)),
      call(`${prefix}-unknown`, "f".repeat(40)),
      call(`${prefix}-twice`),
      call(`${prefix}-twice`),
    ]);
    // Two calls may be out: the first two go alone, the 13 that arrive meanwhile as one.
    expect(statements.mock.calls).toHaveLength(3);
    for (const answer of answers.slice(0, 12)) {
      expect(answer).toMatchObject({ fresh: true, caller: { user: { id: partner } } });
    }
    expect(answers[12]).toEqual({ fresh: true, caller: null });
    expect(answers.slice(13).map((answer) => answer.fresh)).toEqual([true, false]);
    // Remembered: each is a replay now.
    expect((await call(`${prefix}-3`)).fresh).toBe(false);
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
