import { ApiCallError, type ObmenClient } from "@obmen/contracts/sdk";
import { describe, expect, it } from "vitest";
import { middleware } from "../root.tsx";
import { createLoadContext } from "../web-context.server.ts";
import { action } from "./auth-form-page.tsx";

const SITE = "http://localhost";
const TOKEN = "ivz6grbcfziasrn2v3cvdthuhh6iexum";

/** The SDK's user calls, recording what the action asked and answering `answer`. */
function fakeApi(answer: (path: string, form: Record<string, unknown>) => unknown) {
  const calls: { path: string; form: Record<string, unknown>; token?: string }[] = [];
  const call =
    (path: string) => async (caller: { userAuthToken?: string }, form: Record<string, unknown>) => {
      calls.push({ path, form, token: caller.userAuthToken });
      const result = answer(path, form);
      if (result instanceof Error) throw result;
      return result;
    };
  const api = {
    user: { login: call("login"), register: call("register"), restore: call("restore") },
  } as unknown as ObmenClient;
  return { api, calls };
}

function context(api: ObmenClient) {
  return createLoadContext({
    api,
    clientIp: "203.0.113.9",
    appOrigin: SITE,
    widgets: {},
    log: { warn: () => {}, error: () => {} },
  });
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { origin: SITE, cookie: "rid=partner_7; token=old-session-token-0000", ...headers },
    body: new URLSearchParams(fields),
  });
}

async function run(api: ObmenClient, request: Request) {
  const url = new URL(request.url);
  try {
    return await action({ request, url, context: context(api), params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

/** React Router's `data()` result: its body and init. */
function dataOf(result: unknown) {
  const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
  return { data, status: init?.status, headers: new Headers(init?.headers) };
}

const refusal = (status: number, code: string, fields?: Record<string, string>) =>
  new ApiCallError(status, { error: { code, message: `${code} message`, fields } } as never);

describe("the login action", () => {
  it("checks the form first, in the page's language, without calling the API", async () => {
    const { api, calls } = fakeApi(() => ({}));
    const { data, status } = dataOf(
      await run(api, post("/uk/login", { email: "not-an-address", password: "", next: "/" })),
    );
    expect(status).toBe(422);
    expect(data).toMatchObject({
      status: "fields",
      email: "not-an-address",
      fields: { email: expect.stringContaining("Перевірте адресу"), password: "Введіть пароль." },
    });
    expect(calls).toEqual([]);
  });

  it("signs in: token cookie, no caching, back to the local next path in the page's language", async () => {
    const { api, calls } = fakeApi(() => ({ user_auth_token: TOKEN, user: {} }));
    const response = (await run(
      api,
      post(
        "/en/login",
        { email: " Someone@Example.com ", password: "a long passphrase", next: "/account/wallets" },
        { "user-agent": "Mozilla/5.0 Test" },
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/en/account/wallets");
    expect(response.headers.get("set-cookie")).toBe(
      `token=${TOKEN}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    // The old session is not sent along; the browser is, for the session list.
    expect(calls).toEqual([
      {
        path: "login",
        form: {
          email: "Someone@Example.com",
          password: "a long passphrase",
          captcha: undefined,
          user_agent: "Mozilla/5.0 Test",
        },
        token: undefined,
      },
    ]);
  });

  it("sets the cookie Secure behind https", async () => {
    const { api } = fakeApi(() => ({ user_auth_token: TOKEN, user: {} }));
    const request = new Request("https://obmen.example/login", {
      method: "POST",
      body: new URLSearchParams({ email: "a@b.cc", password: "a long passphrase" }),
    });
    const response = (await run(api, request)) as Response;
    expect(response.headers.get("set-cookie")).toContain("; Secure;");
  });

  it("never goes to another site after signing in", async () => {
    const { api } = fakeApi(() => ({ user_auth_token: TOKEN, user: {} }));
    for (const next of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      const response = (await run(
        api,
        post("/login", { email: "a@b.cc", password: "a long passphrase", next }),
      )) as Response;
      expect(response.headers.get("location"), next).toBe("/account");
    }
  });

  it("answers a script's submit with data, so the modal moves on itself", async () => {
    const { api } = fakeApi(() => ({ user_auth_token: TOKEN, user: {} }));
    const { data, headers } = dataOf(
      await run(
        api,
        post("/uk/login", {
          email: "a@b.cc",
          password: "a long passphrase",
          next: "/",
          via: "script",
        }),
      ),
    );
    expect(data).toEqual({ status: "signed-in", next: "/uk" });
    expect(headers.get("set-cookie")).toMatch(/^token=/);
  });

  it("shows the API's field errors as they are (spec §8), and a captcha or a code when asked", async () => {
    const wrong = fakeApi(() =>
      refusal(401, "INVALID_CREDENTIALS", { password: "Wrong e-mail or password." }),
    );
    expect(
      dataOf(await run(wrong.api, post("/en/login", { email: "a@b.cc", password: "x1" }))).data,
    ).toMatchObject({ status: "fields", fields: { password: "Wrong e-mail or password." } });

    const captcha = fakeApi(() => refusal(400, "CAPTCHA_REQUIRED", { captcha: "Solve it." }));
    expect(
      dataOf(await run(captcha.api, post("/login", { email: "a@b.cc", password: "x1" }))).data,
    ).toMatchObject({ status: "fields", captcha: true, fields: { captcha: "Solve it." } });

    const totp = fakeApi(() => refusal(401, "TOTP_REQUIRED", { totp: "Enter the code." }));
    expect(
      dataOf(await run(totp.api, post("/login", { email: "a@b.cc", password: "x1" }))).data,
    ).toMatchObject({ status: "fields", totp: true });
  });

  it("tells a failure on our side as 'try again later', never as a 500", async () => {
    const { api } = fakeApi(() => refusal(503, "UNAVAILABLE"));
    const { data, status } = dataOf(
      await run(api, post("/login", { email: "a@b.cc", password: "x1" })),
    );
    expect(status).toBe(503);
    expect(data).toMatchObject({ status: "unavailable" });
  });

  it("answers a body that is not a form with a 400, not a 500", async () => {
    const { api } = fakeApi(() => ({}));
    const broken = new Request(`${SITE}/login`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xx" },
      body: "--xx\r\nbroken",
    });
    const thrown = dataOf(await run(api, broken));
    expect(thrown.status).toBe(400);
  });
});

describe("the register and reset actions", () => {
  it("register needs the agreement and a long enough password, and passes the rid cookie", async () => {
    const { api, calls } = fakeApi(() => ({}));
    const refused = dataOf(
      await run(api, post("/register", { email: "a@b.cc", password: "short" })),
    );
    expect(refused.data).toMatchObject({
      fields: {
        password: "Не короче 10 символов.",
        agreement: "Чтобы зарегистрироваться, примите правила и соглашение.",
      },
    });
    const sent = dataOf(
      await run(
        api,
        post("/register", { email: "a@b.cc", password: "a long passphrase", agreement: "on" }),
      ),
    );
    expect(sent.data).toMatchObject({ status: "sent", email: "a@b.cc" });
    expect(calls).toEqual([
      {
        path: "register",
        form: {
          email: "a@b.cc",
          password: "a long passphrase",
          agreement: true,
          rid: "partner_7",
          captcha: undefined,
        },
        token: undefined,
      },
    ]);
  });

  it("reset answers 'sent' and calls restore with the address only", async () => {
    const { api, calls } = fakeApi(() => ({}));
    const sent = dataOf(await run(api, post("/reset", { email: "a@b.cc", password: "ignored" })));
    expect(sent.data).toMatchObject({ status: "sent" });
    expect(calls).toEqual([
      { path: "restore", form: { email: "a@b.cc", captcha: undefined }, token: undefined },
    ]);
  });
});

describe("the root middleware in front of every action", () => {
  const csrfGuard = middleware[1]!;
  const runGuard = (request: Request) => {
    try {
      csrfGuard(
        {
          request,
          url: new URL(request.url),
          context: context({} as ObmenClient),
          params: {},
        } as never,
        (async () => new Response()) as never,
      );
      return null;
    } catch (thrown) {
      return dataOf(thrown);
    }
  };

  it("refuses a post from another site with a 403 in the visitor's language", () => {
    const refused = runGuard(
      post("/uk/login", { email: "a@b.cc" }, { origin: "https://evil.example" }),
    );
    expect(refused?.status).toBe(403);
    // Its own texts: the refusal comes before the root loader sends the catalog (decision 033).
    expect(refused?.data).toMatchObject({
      kind: "refused-post",
      title: "Форму не прийнято",
      message: expect.stringContaining("Форму надіслано з іншого сайту"),
    });
  });

  it("refuses a JSON body with a 415, and lets a same-site form through", () => {
    const json = new Request(`${SITE}/login`, {
      method: "POST",
      headers: { origin: SITE, "content-type": "application/json" },
      body: "{}",
    });
    expect(runGuard(json)?.status).toBe(415);
    expect(runGuard(post("/login", { email: "a@b.cc" }))).toBeNull();
  });
});
