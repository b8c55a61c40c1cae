import { API_KEY_HEADER, type ContentIndex } from "@obmen/contracts";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { createObmenClient } from "@obmen/contracts/sdk";
import { seedContent } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentTotpCode } from "../../src/account/totp/totp-codes.ts";
import { createOperator } from "../../src/admin/operators/create-operator.ts";
import { recalculateOrder } from "../../src/admin/orders/recalculate-order.ts";
import { changeOrderStatus } from "../../src/orders/lifecycle/change-order-status.ts";
import { lettersTo, tokenInLink } from "../account/support/account-kit.ts";
import { credit, TRON_ADDRESS } from "../affiliate/support/affiliate-kit.ts";
import { CONTENT_FIXTURES } from "../content/content-test-kit.ts";
import { createForm, findPair } from "../support/orders.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

type Method = "GET" | "POST";

/**
 * Every route the API documents, called once per method with a valid request through the real
 * app: its success body must parse with the schema the route declares. The harness also has the
 * API check each answer itself (checkResponses), so a drift fails here twice over. A route
 * added without a case here fails the last test.
 */
describe("every documented route answers with its declared response schema", () => {
  let api: TestApi;
  const covered = new Set<string>();
  beforeAll(async () => {
    api = await startTestApi();
    await seedContent(api.db, { folder: CONTENT_FIXTURES });
    await api.deps.contentChanges.publish();
  });
  afterAll(() => api.close());

  /** Sends a signed call as the test partner; GET carries the envelope in the query. */
  async function signed(
    method: Method,
    path: string,
    payload: Record<string, unknown> = {},
    userAuthToken?: string,
  ) {
    const { envelope, timestamp } = sealEnvelope({
      payload,
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip: "203.0.113.7",
      lang: "en",
      userAuthToken,
    });
    const headers = { [TIMESTAMP_HEADER]: String(timestamp) };
    const response =
      method === "GET"
        ? await api.app.inject({
            method,
            url: `${path}?${new URLSearchParams({ ...envelope })}`,
            headers,
          })
        : await api.app.inject({ method, url: path, headers, payload: envelope });
    return expectDeclared(method, path, response.statusCode, response.body);
  }

  async function content(path: string, url: string) {
    const response = await api.app.inject({
      method: "GET",
      url,
      headers: { [API_KEY_HEADER]: TEST_CLIENT.publicKey },
    });
    return expectDeclared("GET", path, response.statusCode, response.body);
  }

  /** Parses a success body with the route's declared schema and records the route as covered. */
  function expectDeclared(method: Method, path: string, status: number, body: string) {
    const doc = [...api.docs.signed, ...api.docs.apiKey, ...api.docs.plain].find(
      (route) => route.path === path,
    );
    if (!doc) throw new Error(`${path} is not documented`);
    expect(status, `${method} ${path}: ${body.slice(0, 300)}`).toBe(200);
    const parsed = doc.response.safeParse(JSON.parse(body));
    expect(parsed.error, `${method} ${path}`).toBeUndefined();
    covered.add(`${method} ${path}`);
    return parsed.data as { data: any };
  }

  async function newOrderId() {
    const { data: pairs } = await signed("POST", "/rest/currency_pair/list");
    const pair = findPair(pairs, "USDTTRC20", "SBERRUB");
    const form = createForm(pair, { send_amount: "100" });
    return (await signed("POST", "/rest/exchange/create", form)).data.exchange_uuid as string;
  }

  it("answers the catalogue and reserve calls with their schemas", async () => {
    for (const method of ["GET", "POST"] as const) {
      const { data: pairs } = await signed(method, "/rest/currency_pair/list");
      await signed(method, "/rest/currency_pair", { currency_pairs_in_service_id: pairs[0].id });
      await signed(method, "/rest/currency_pair/rate_history", {
        currency_pairs_in_service_id: pairs[0].id,
      });
      await signed(method, "/rest/reserve/list");
    }
  });

  it("answers every order call with its schema, from create to review", async () => {
    const orderId = await newOrderId();
    for (const method of ["GET", "POST"] as const) {
      await signed(method, "/rest/exchange/info", { exchange_uuid: orderId });
    }
    // The multipart call, as the SDK sends it; its raw answer is checked like the others.
    const client = createObmenClient({
      credentials: TEST_CLIENT,
      transport: async (request) => {
        const response = await api.app.inject({
          method: request.method,
          url: request.url,
          headers: request.headers,
          payload: request.body,
        });
        expectDeclared(request.method, request.url, response.statusCode, response.body);
        return { status: response.statusCode, body: response.body };
      },
    });
    await client.receipts.send(
      { ip: "203.0.113.7", lang: "en" },
      { orderId, fileName: "receipt.png", content: PNG },
    );
    await signed("POST", "/rest/exchange/update", {
      exchange_uuid: orderId,
      exchange_status: "paid",
      email: "customer@example.com",
    });
    for (const to of ["processing", "completed"] as const) {
      await api.db.transaction((tx) =>
        changeOrderStatus({
          tx,
          effects: api.deps.orderEffects,
          orderId,
          to,
          actor: "operator",
        }),
      );
    }
    const { data: review } = await signed("POST", "/rest/exchange/review", {
      exchange_uuid: orderId,
      rating: 5,
    });
    expect(review).toEqual({ exchange_uuid: orderId, rating: 5 });
  });

  it("answers the recalculation calls with their schemas, both answers (decision 035)", async () => {
    const operator = await createOperator({
      db: api.db,
      email: "desk@obmen.example",
      password: "violet-harbour-71",
      role: "operator",
      actor: { operatorId: null, ip: null },
    });
    for (const answer of ["accept", "refund"] as const) {
      const orderId = await newOrderId();
      await signed("POST", "/rest/exchange/update", {
        exchange_uuid: orderId,
        exchange_status: "paid",
        email: "customer@example.com",
      });
      await recalculateOrder({
        db: api.db,
        effects: api.deps.orderEffects,
        appUrl: "https://obmen.example/",
        orderId,
        request: { received_amount: "90" },
        actor: { operatorId: operator.id, ip: null },
      });
      let recalculationId = 0;
      for (const method of ["GET", "POST"] as const) {
        const { data } = await signed(method, "/rest/exchange/recalculation", {
          exchange_uuid: orderId,
        });
        recalculationId = data.recalculation.id;
      }
      const key = {
        exchange_uuid: orderId,
        recalculation_id: recalculationId,
        email: "customer@example.com",
      };
      if (answer === "accept") {
        await signed("POST", "/rest/exchange/recalculation/accept", key);
      } else {
        await signed("POST", "/rest/exchange/recalculation/refund", {
          ...key,
          refund_to: TRON_ADDRESS,
        });
      }
    }
  });

  it("answers every account call with its schema, from register to logout", async () => {
    const email = "schemas@example.com";
    const password = "violet-harbour-71";
    await signed("POST", "/rest/user/register", { email, password, agreement: true });
    const confirmToken = tokenInLink((await lettersTo(api, email)).at(-1)!.text, "confirm");
    const { data: confirmed } = await signed("POST", "/rest/user/confirm", {
      confirm_token: confirmToken,
    });
    const { data: login } = await signed("POST", "/rest/user/login", { email, password });
    for (const method of ["GET", "POST"] as const) {
      await signed(method, "/rest/user/info", {}, login.user_auth_token);
    }
    await signed(
      "POST",
      "/rest/user/update_password",
      { old_password: password, new_password: "amber-lantern-42" },
      login.user_auth_token,
    );
    await signed("POST", "/rest/user/restore", { email });
    const resetToken = tokenInLink((await lettersTo(api, email)).at(-1)!.text, "restore");
    await signed("POST", "/rest/user/restore_confirm", {
      reset_token: resetToken,
      new_password: "third-harbour-93",
    });
    const { data: again } = await signed("POST", "/rest/user/login", {
      email,
      password: "third-harbour-93",
    });
    expect(again.user.id).toBe(confirmed.user.id);
    await signed("POST", "/rest/user/logout", {}, again.user_auth_token);

    // The published contract says which calls need a signed-in user.
    const openApi = (await api.app.inject({ method: "GET", url: "/rest/openapi.json" })).json();
    expect(openApi.paths["/rest/user/info"].get["x-auth"]).toBe("user");
    expect(openApi.paths["/rest/user/update_password"].post["x-auth"]).toBe("user");
    expect(openApi.paths["/rest/user/login"].post["x-auth"]).toBe("none");
  });

  it("answers every account data call with its schema, from history to login change", async () => {
    const email = "data-schemas@example.com";
    await signed("POST", "/rest/user/register", {
      email,
      password: "violet-harbour-71",
      agreement: true,
    });
    const { data: signedIn } = await signed("POST", "/rest/user/confirm", {
      confirm_token: tokenInLink((await lettersTo(api, email)).at(-1)!.text, "confirm"),
    });
    const token = signedIn.user_auth_token as string;
    const { data: pairs } = await signed("POST", "/rest/currency_pair/list");
    const pair = findPair(pairs, "USDTTRC20", "SBERRUB");
    await signed("POST", "/rest/exchange/create", createForm(pair, { email, send_amount: "100" }));
    const { data: history } = await signed("POST", "/rest/user/exchange/list", {}, token);
    expect(history.total).toBe(1);

    const { send_currency: send, receive_currency: receive } = pair.currency_pair;
    const { data: wallet } = await signed(
      "POST",
      "/rest/user/wallet/create",
      { currency_id: receive.id, value: "4111 1111 1111 1111", label: "card" },
      token,
    );
    await signed("POST", "/rest/user/wallet/list", {}, token);
    await signed("POST", "/rest/user/wallet/delete", { id: wallet.id }, token);
    const { data: template } = await signed(
      "POST",
      "/rest/user/template/create",
      { from_currency_id: send.id, to_currency_id: receive.id, amount: "100" },
      token,
    );
    await signed("POST", "/rest/user/template/list", {}, token);
    await signed("POST", "/rest/user/template/delete", { id: template.id }, token);

    await signed("POST", "/rest/user/form_fields", {}, token);
    const { data: update } = await signed(
      "POST",
      "/rest/user/update_personal_info",
      {
        fields: [
          { key: "first_name", value: "Ada" },
          { key: "email", value: "data-new@example.com" },
        ],
      },
      token,
    );
    expect(update.login_change_sent).toBe(true);
    const letter = (await lettersTo(api, "data-new@example.com")).at(-1)!;
    const loginToken = /\/confirm-login\/([a-z2-7]{32})\b/.exec(letter.text)![1];
    const { data: changed } = await signed(
      "POST",
      "/rest/user/confirm_update_login",
      { token: loginToken },
      token,
    );
    expect(changed.user.email).toBe("data-new@example.com");

    const { data: sessions } = await signed("POST", "/rest/user/session/list", {}, token);
    await signed("POST", "/rest/user/session/revoke", { id: sessions[0].id }, token);

    const openApi = (await api.app.inject({ method: "GET", url: "/rest/openapi.json" })).json();
    expect(openApi.paths["/rest/user/wallet/create"].post["x-auth"]).toBe("user");
    expect(openApi.paths["/rest/user/exchange/list"].post.summary).toContain("login e-mail");
  });

  it("answers the two-factor and captcha calls with their schemas", async () => {
    const email = "two-factor@example.com";
    const password = "violet-harbour-71";
    await signed("POST", "/rest/user/register", { email, password, agreement: true });
    const confirmToken = tokenInLink((await lettersTo(api, email)).at(-1)!.text, "confirm");
    const { data: confirmed } = await signed("POST", "/rest/user/confirm", {
      confirm_token: confirmToken,
    });
    const token = confirmed.user_auth_token as string;
    const { data: setup } = await signed("POST", "/rest/user/totp/setup", {}, token);
    await signed("POST", "/rest/user/totp/enable", { code: currentTotpCode(setup.secret) }, token);
    // The next time step's code: the one that switched TOTP on is spent.
    const nextCode = currentTotpCode(setup.secret, Date.now() + 30_000);
    await signed("POST", "/rest/user/totp/disable", { password, code: nextCode }, token);

    const challenge = await api.app.inject({ method: "GET", url: "/api/captcha/challenge" });
    expectDeclared("GET", "/api/captcha/challenge", challenge.statusCode, challenge.body);
    const verify = await api.app.inject({
      method: "POST",
      url: "/api/verify",
      payload: { captcha: "c29tZXRoaW5n" },
    });
    expectDeclared("POST", "/api/verify", verify.statusCode, verify.body);
  });

  it("answers every affiliate call with its schema (issue 18)", async () => {
    const email = "partner-schemas@example.com";
    await signed("POST", "/rest/user/register", {
      email,
      password: "violet-harbour-71",
      agreement: true,
    });
    const { data: signedIn } = await signed("POST", "/rest/user/confirm", {
      confirm_token: tokenInLink((await lettersTo(api, email)).at(-1)!.text, "confirm"),
    });
    const token = signedIn.user_auth_token as string;
    const { data: channels } = await signed("POST", "/rest/ref_channel/list", {}, token);
    await signed("POST", "/rest/ref_channel/create", { name: "Blog" }, token);
    await signed("POST", "/rest/ref_channel/info", {}, token);
    await signed("POST", "/rest/ref_channel/daily", { days: 7 }, token);
    await signed("POST", "/rest/ref_channel/terms");
    await signed("POST", "/rest/ref_channel/click", { rid: channels[0].rid });
    const { data: pairs } = await signed("POST", "/rest/currency_pair/list");
    const pair = findPair(pairs, "USDTTRC20", "SBERRUB");
    await signed(
      "POST",
      "/rest/exchange/create",
      createForm(pair, { email: "referred@example.com", send_amount: "100", rid: channels[0].rid }),
    );
    const { data: referrals } = await signed("POST", "/rest/ref_referral/list", {}, token);
    expect(referrals.total).toBe(1);
    const { data: payouts } = await signed("POST", "/rest/currency/withdrawal_list", {}, token);
    await credit(api.db, signedIn.user.id, "25");
    await signed(
      "POST",
      "/rest/ref_withdrawal/create",
      {
        currency_id: payouts[0].id,
        amount: "10",
        fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
      },
      token,
    );
    await signed("POST", "/rest/ref_withdrawal/list", {}, token);
  });

  it("answers every /content/* call with its schema", async () => {
    const { data: index } = (await content("/content/index", "/content/index")) as {
      data: ContentIndex;
    };
    const [page] = index.pages;
    const [news] = index.news;
    const [blog] = index.blog;
    if (!page || !news || !blog) throw new Error("the content fixtures lack a kind");
    await content("/content/pages/{slug}", `/content/pages/${page.slug}?lang=en`);
    await content("/content/news", "/content/news?lang=en&per_page=2");
    await content("/content/news/{slug}", `/content/news/${news.slug}?lang=uk`);
    await content("/content/blog", "/content/blog");
    await content("/content/blog/{slug}", `/content/blog/${blog.slug}`);
    await content("/content/faq", "/content/faq?lang=en");
  });

  it("covered every documented route and method, and the OpenAPI document shows each answer", async () => {
    const documented = [
      ...api.docs.signed.flatMap((doc) => doc.methods.map((method) => `${method} ${doc.path}`)),
      ...api.docs.apiKey.map((doc) => `GET ${doc.path}`),
      ...api.docs.plain.map((doc) => `${doc.method} ${doc.path}`),
    ];
    expect([...covered].sort()).toEqual(documented.sort());

    const openApi = (await api.app.inject({ method: "GET", url: "/rest/openapi.json" })).json();
    const operations = Object.entries(openApi.paths as Record<string, Record<string, any>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          key: `${method} ${path}`,
          operation,
        })),
    );
    expect(operations.map(({ key }) => key.toUpperCase()).sort()).toEqual(
      documented.map((key) => key.toUpperCase()).sort(),
    );
    for (const { key, operation } of operations) {
      const success = operation.responses["200"].content["application/json"].schema;
      expect(success.required, key).toEqual(["data"]);
      expect(Object.keys(success.properties.data).length, key).toBeGreaterThan(0);
    }
  });
});
