import { userSessions, users, userTemplates, userTokens, userWallets } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import {
  callAs,
  currencyId,
  insertOrders,
  logInAgain,
  signUpUser,
  startAccountDataApi,
  type TestUser,
} from "./support/account-data-kit.ts";
import { lettersTo } from "./support/account-kit.ts";

/**
 * DESIGN.md invariant 4: a user never reads or changes another user's orders, wallets,
 * templates, sessions or profile. User A owns one of everything; user B, signed in, tries every
 * call with A's ids and with every id near them (ids are small integers, so guessing is the
 * attack), and each time gets what an unknown id gets, while A's data stays as it was.
 */
describe("user data isolation: user B never reads or changes user A's data", () => {
  let api: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  let aliceOtherSession: string;
  const aliceRecords = { orders: [] as string[], wallet: 0, template: 0, sessions: [] as string[] };

  beforeAll(async () => {
    api = await startAccountDataApi();
    alice = await signUpUser(api, "alice@example.com");
    bob = await signUpUser(api, "bob@example.com");
    aliceOtherSession = await logInAgain(api, alice);
    const usdt = await currencyId(api, "USDTTRC20");
    const sber = await currencyId(api, "SBERRUB");
    const orders = await insertOrders(api, [
      { email: "alice@example.com", status: "paid" },
      { email: "Alice@Example.com", status: "completed" },
    ]);
    aliceRecords.orders = orders.map((order) => order.id);
    const wallet = await callAs(api, alice, "/rest/user/wallet/create", {
      currency_id: sber,
      value: "4111 1111 1111 1111",
      label: "Alice's card",
    });
    aliceRecords.wallet = wallet.body.data.id;
    const template = await callAs(api, alice, "/rest/user/template/create", {
      from_currency_id: usdt,
      to_currency_id: sber,
      amount: "500",
    });
    aliceRecords.template = template.body.data.id;
    const sessions = await callAs(api, alice, "/rest/user/session/list");
    aliceRecords.sessions = sessions.body.data.map((session: { id: string }) => session.id);
    await callAs(api, alice, "/rest/user/update_personal_info", {
      fields: [
        { key: "first_name", value: "Alice" },
        { key: "phone", value: "+44 7700 900123" },
      ],
    });
    expect(wallet.status).toBe(200);
    expect(template.status).toBe(200);
    expect(aliceRecords.sessions).toHaveLength(2);
  });
  afterAll(() => api?.close());

  /** Everything of Alice's as the database holds it, to prove nothing moved. */
  async function aliceState() {
    const [user] = await api.db.select().from(users).where(eq(users.id, alice.id));
    return {
      user: { ...user, updatedAt: undefined },
      wallets: await api.db.select().from(userWallets).where(eq(userWallets.userId, alice.id)),
      templates: await api.db
        .select()
        .from(userTemplates)
        .where(eq(userTemplates.userId, alice.id)),
      sessions: (
        await api.db.select().from(userSessions).where(eq(userSessions.userId, alice.id))
      ).map((session) => ({ id: session.id, revokedAt: session.revokedAt })),
    };
  }

  it("shows B only B's own data on every list", async () => {
    const history = await callAs(api, bob, "/rest/user/exchange/list");
    expect(history.body.data).toMatchObject({ items: [], total: 0 });
    for (const status of ["paid", "completed"]) {
      expect((await callAs(api, bob, "/rest/user/exchange/list", { status })).body.data.total).toBe(
        0,
      );
    }
    expect((await callAs(api, bob, "/rest/user/wallet/list")).body.data).toEqual([]);
    expect((await callAs(api, bob, "/rest/user/template/list")).body.data).toEqual([]);
    const sessions = (await callAs(api, bob, "/rest/user/session/list")).body.data;
    expect(sessions).toHaveLength(1);
    expect(aliceRecords.sessions).not.toContain(sessions[0].id);
    const form = (await callAs(api, bob, "/rest/user/form_fields")).body.data;
    expect(
      Object.fromEntries(
        form.map((field: { key: string; value: string | null }) => [field.key, field.value]),
      ),
    ).toEqual({
      first_name: null,
      last_name: null,
      phone: null,
      telegram: null,
      email: "bob@example.com",
    });
    // …while Alice sees hers.
    expect((await callAs(api, alice, "/rest/user/exchange/list")).body.data.total).toBe(2);
  });

  it("answers B's delete of A's wallet and template, and of every id near them, like an unknown id", async () => {
    const before = await aliceState();
    const unknown = await callAs(api, bob, "/rest/user/wallet/delete", { id: 2_000_000_000 });
    expect(unknown.status).toBe(404);
    for (const [path, owned] of [
      ["/rest/user/wallet/delete", aliceRecords.wallet],
      ["/rest/user/template/delete", aliceRecords.template],
    ] as const) {
      for (let id = Math.max(1, owned - 5); id <= owned + 5; id++) {
        const result = await callAs(api, bob, path, { id });
        expect(result.status, `${path} ${id}`).toBe(404);
        expect(result.text).toBe(unknown.text);
      }
    }
    expect(await aliceState()).toEqual(before);
  });

  it("answers B's revoke of A's sessions like an unknown session, and A stays signed in", async () => {
    const before = await aliceState();
    const unknown = await callAs(api, bob, "/rest/user/session/revoke", {
      id: "00000000-0000-4000-8000-000000000000",
    });
    for (const id of aliceRecords.sessions) {
      const result = await callAs(api, bob, "/rest/user/session/revoke", { id });
      expect(result.status).toBe(404);
      expect(result.text).toBe(unknown.text);
    }
    expect(await aliceState()).toEqual(before);
    expect((await callAs(api, alice, "/rest/user/info")).status).toBe(200);
    expect(
      (await callAs(api, alice, "/rest/user/info", {}, { token: aliceOtherSession })).status,
    ).toBe(200);
  });

  it("lets B's saves touch only B: wallets, templates and profile", async () => {
    const before = await aliceState();
    const sber = await currencyId(api, "SBERRUB");
    const usdt = await currencyId(api, "USDTTRC20");
    // The same card and direction as Alice's are B's own records, not a conflict with hers.
    const wallet = await callAs(api, bob, "/rest/user/wallet/create", {
      currency_id: sber,
      value: "4111 1111 1111 1111",
    });
    expect(wallet.status).toBe(200);
    expect(wallet.body.data.id).not.toBe(aliceRecords.wallet);
    const template = await callAs(api, bob, "/rest/user/template/create", {
      from_currency_id: usdt,
      to_currency_id: sber,
      amount: "700",
    });
    expect(template.status).toBe(200);
    expect(template.body.data.id).not.toBe(aliceRecords.template);
    const profile = await callAs(api, bob, "/rest/user/update_personal_info", {
      fields: [{ key: "first_name", value: "Bob" }],
    });
    expect(profile.status).toBe(200);
    // Ids and owners are not part of any payload: naming them is refused, not obeyed.
    for (const [path, payload] of [
      [
        "/rest/user/wallet/create",
        { currency_id: sber, value: "5555 5555 5555 4444", user_id: alice.id },
      ],
      [
        "/rest/user/template/create",
        { from_currency_id: usdt, to_currency_id: sber, amount: "1", id: aliceRecords.template },
      ],
      ["/rest/user/update_personal_info", { fields: [], user_id: alice.id }],
      ["/rest/user/update_personal_info", { fields: [{ key: "user_id", value: alice.id }] }],
      ["/rest/user/exchange/list", { email: "alice@example.com" }],
      ["/rest/user/session/list", { user_id: alice.id }],
    ] as const) {
      expect((await callAs(api, bob, path, payload)).status, path).toBe(422);
    }
    expect(await aliceState()).toEqual(before);
    // B's own delete works on B's own wallet.
    expect(
      (await callAs(api, bob, "/rest/user/wallet/delete", { id: wallet.body.data.id })).status,
    ).toBe(200);
  });

  it("never lets B confirm A's login change, nor move B's login onto A's", async () => {
    const asked = await callAs(api, alice, "/rest/user/update_personal_info", {
      fields: [{ key: "email", value: "alice-new@example.com" }],
    });
    expect(asked.status).toBe(200);
    const [letter] = await lettersTo(api, "alice-new@example.com");
    const token = /\/confirm-login\/([a-z2-7]{32})\b/.exec(letter!.text)![1]!;
    const before = await aliceState();

    const stolen = await callAs(api, bob, "/rest/user/confirm_update_login", { token });
    expect(stolen.status).toBe(404);
    expect(await aliceState()).toEqual(before);
    expect((await callAs(api, bob, "/rest/user/info")).body.data.user.email).toBe(
      "bob@example.com",
    );
    // The token is still Alice's to use.
    const [pending] = await api.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.newEmail, "alice-new@example.com"));
    expect(pending!.usedAt).toBeNull();

    // B asking for A's address gets the ordinary answer, and A's login stays A's.
    const claim = await callAs(api, bob, "/rest/user/update_personal_info", {
      fields: [{ key: "email", value: "alice@example.com" }],
    });
    expect(claim.text).toBe(asked.text);
    const [claimLetter] = await lettersTo(api, "alice@example.com").then((all) => all.slice(-1));
    expect(claimLetter!.text).not.toContain("/confirm-login/");
    expect((await callAs(api, alice, "/rest/user/info")).body.data.user.email).toBe(
      "alice@example.com",
    );
  });

  it("refuses every account-data call without a session, before reading its payload", async () => {
    const paths = [
      "/rest/user/exchange/list",
      "/rest/user/wallet/list",
      "/rest/user/wallet/create",
      "/rest/user/wallet/delete",
      "/rest/user/template/list",
      "/rest/user/template/create",
      "/rest/user/template/delete",
      "/rest/user/session/list",
      "/rest/user/session/revoke",
      "/rest/user/form_fields",
      "/rest/user/update_personal_info",
      "/rest/user/confirm_update_login",
    ];
    for (const [i, path] of paths.entries()) {
      // Each from its own address: the same payload sealed in the same millisecond for two
      // paths would be one signature, and the second a refused replay (409), not a 401.
      const result = await callAs(
        api,
        { ...bob, ip: `198.51.100.${i + 1}` },
        path,
        { id: aliceRecords.wallet },
        { token: "z".repeat(32) },
      );
      expect(result.status, path).toBe(401);
      expect(result.body.error.code).toBe("UNAUTHORIZED");
    }
  });
});
