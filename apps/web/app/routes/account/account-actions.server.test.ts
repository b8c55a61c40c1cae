import type { ObmenClient } from "@obmen/contracts/sdk";
import { describe, expect, it } from "vitest";
import { visitorState } from "../../account/visitor.server.ts";
import { createLoadContext } from "../../web-context.server.ts";
import { action as profileAction } from "./profile.tsx";
import { action as templatesAction } from "./templates.tsx";
import { action as walletsAction } from "./wallets.tsx";

const SITE = "http://localhost";
const TOKEN = "ivz6grbcfziasrn2v3cvdthuhh6iexum";
const USER = {
  id: "0f0e0d0c-0b0a-4908-8706-050403020100",
  email: "me@example.com",
  totp_enabled: false,
};

function fakeApi() {
  const calls: { call: string; args: unknown[] }[] = [];
  const record =
    (call: string, answer: unknown = {}) =>
    async (_caller: unknown, ...args: unknown[]) => {
      calls.push({ call, args });
      return answer;
    };
  const api = {
    user: {
      info: async () => ({ user: USER }),
      wallets: { create: record("wallets.create"), delete: record("wallets.delete") },
      templates: { create: record("templates.create"), delete: record("templates.delete") },
      updatePassword: record("updatePassword"),
      sessions: { revoke: record("sessions.revoke") },
    },
  } as unknown as ObmenClient;
  return { api, calls };
}

async function post(
  act: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  options: { api: ObmenClient; signedIn?: boolean },
) {
  const context = createLoadContext({
    api: options.api,
    clientIp: "203.0.113.9",
    appOrigin: SITE,
    widgets: {},
    log: { warn: () => {}, error: () => {} },
  });
  context.set(visitorState, { deadSession: false });
  const request = new Request(`${SITE}${path}`, {
    method: "POST",
    headers: options.signedIn === false ? {} : { cookie: `token=${TOKEN}` },
    body: new URLSearchParams(fields),
  });
  try {
    const result = (await act({
      request,
      url: new URL(request.url),
      context,
      params: {},
    } as never)) as {
      data: Record<string, unknown>;
      init: ResponseInit | null;
    };
    return { data: result.data, status: result.init?.status ?? 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown, status: thrown.status };
    const { data, init } = thrown as { data: unknown; init: ResponseInit | null };
    return { data, status: init?.status };
  }
}

describe("account page actions", () => {
  it("send an anonymous visitor to the login modal, coming back afterwards", async () => {
    const { api } = fakeApi();
    const answer = await post(
      walletsAction,
      "/uk/account/wallets",
      { intent: "create" },
      { api, signedIn: false },
    );
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get("location")).toBe(
      "/uk?modal=login&next=%2Faccount%2Fwallets",
    );
  });

  it("wallets: what is missing is told in the page's language before the API is asked", async () => {
    const { api, calls } = fakeApi();
    const answer = await post(
      walletsAction,
      "/account/wallets",
      { intent: "create", currency_id: "x", value: " " },
      { api },
    );
    expect(answer.status).toBe(422);
    expect(answer.data).toMatchObject({
      ok: false,
      fields: { currency_id: "Выберите валюту кошелька.", value: "Укажите реквизиты." },
    });
    expect(calls).toEqual([]);
    await post(
      walletsAction,
      "/account/wallets",
      { intent: "create", currency_id: "13", value: " 4111 ", label: " Card " },
      { api },
    );
    expect(calls).toEqual([
      { call: "wallets.create", args: [{ currency_id: 13, value: "4111", label: "Card" }] },
    ]);
  });

  it("refuses a malformed id or intent with a 400, never a 500", async () => {
    const { api, calls } = fakeApi();
    expect(
      (await post(walletsAction, "/account/wallets", { intent: "delete", id: "1;drop" }, { api }))
        .status,
    ).toBe(400);
    expect(
      (await post(templatesAction, "/account/templates", { intent: "nope" }, { api })).status,
    ).toBe(400);
    expect(
      (
        await post(
          profileAction,
          "/account/profile",
          { intent: "end-session", id: "../x" },
          { api },
        )
      ).status,
    ).toBe(400);
    expect(calls).toEqual([]);
  });

  it("templates: a direction and an amount as the visitor types it in their language", async () => {
    const { api, calls } = fakeApi();
    const refused = await post(
      templatesAction,
      "/en/account/templates",
      { intent: "create", direction: "7", amount: "0" },
      { api },
    );
    expect(refused.data).toMatchObject({
      fields: {
        direction: "Choose an exchange direction.",
        amount: "Enter a number above zero, like 1500 or 0.05.",
      },
    });
    await post(
      templatesAction,
      "/account/templates",
      { intent: "create", direction: "2:13", amount: "1 500,5" },
      { api },
    );
    expect(calls).toEqual([
      {
        call: "templates.create",
        args: [{ from_currency_id: 2, to_currency_id: 13, amount: "1500.5" }],
      },
    ]);
  });

  it("profile: a new password must be typed twice alike; the current one is required", async () => {
    const { api, calls } = fakeApi();
    const refused = await post(
      profileAction,
      "/uk/account/profile",
      {
        intent: "password",
        old_password: "",
        new_password: "a long new password",
        new_password_confirmation: "another",
      },
      { api },
    );
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({
      fields: { old_password: "Введіть пароль.", new_password_confirmation: expect.any(String) },
    });
    expect(calls).toEqual([]);
  });
});
