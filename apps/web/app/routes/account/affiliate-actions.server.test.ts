import { ApiCallError, type ObmenClient } from "@obmen/contracts/sdk";
import { describe, expect, it } from "vitest";
import { visitorState } from "../../account/visitor.server.ts";
import { createLoadContext } from "../../web-context.server.ts";
import { action } from "./affiliate.tsx";

const SITE = "http://localhost";
const USER = { id: "0f0e0d0c-0b0a-4908-8706-050403020100", email: "p@example.com" };

/** The partner calls the page's two forms make; `withdraw` answers as told. */
function fakeApi(withdraw: () => unknown = () => ({})) {
  const calls: { call: string; form: unknown }[] = [];
  const api = {
    user: { info: async () => ({ user: { ...USER, totp_enabled: false } }) },
    affiliate: {
      createChannel: async (_caller: unknown, form: unknown) => {
        calls.push({ call: "createChannel", form });
        return {};
      },
      createWithdrawal: async (_caller: unknown, form: unknown) => {
        calls.push({ call: "createWithdrawal", form });
        const answer = withdraw();
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  } as unknown as ObmenClient;
  return { api, calls };
}

async function post(api: ObmenClient, path: string, fields: [string, string][]) {
  const context = createLoadContext({
    api,
    clientIp: "203.0.113.9",
    appOrigin: SITE,
    widgets: {},
    log: { warn: () => {}, error: () => {} },
  });
  context.set(visitorState, { deadSession: false });
  const request = new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { cookie: "token=ivz6grbcfziasrn2v3cvdthuhh6iexum" },
    body: new URLSearchParams(fields),
  });
  try {
    const result = (await action({
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
    const { data, init } = thrown as { data: unknown; init: ResponseInit | null };
    return { data, status: init?.status };
  }
}

describe("/account/affiliate's forms", () => {
  it("a channel needs a name, told in the page's language before the API is asked", async () => {
    const { api, calls } = fakeApi();
    const answer = await post(api, "/uk/account/affiliate", [
      ["intent", "channel"],
      ["name", "  "],
    ]);
    expect(answer.status).toBe(422);
    expect(answer.data).toMatchObject({ ok: false, fields: { name: "Введіть назву каналу." } });
    expect(calls).toEqual([]);
    const made = await post(api, "/uk/account/affiliate", [
      ["intent", "channel"],
      ["name", " Telegram "],
    ]);
    expect(made.status).toBe(200);
    expect(calls).toEqual([{ call: "createChannel", form: { name: "Telegram" } }]);
  });

  it("a withdrawal passes the amount (a decimal comma read as a point) and the payout fields", async () => {
    const { api, calls } = fakeApi();
    const answer = await post(api, "/account/affiliate", [
      ["intent", "withdraw"],
      ["currency_id", "7"],
      ["amount", "12,5"],
      ["fields.wallet", " TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t "],
    ]);
    expect(answer.status).toBe(200);
    expect(calls).toEqual([
      {
        call: "createWithdrawal",
        form: {
          currency_id: 7,
          amount: "12.5",
          fields: [{ key: "wallet", value: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }],
        },
      },
    ]);
  });

  it("a withdrawal without an amount or a currency is refused in place; the API's refusal lands under its field", async () => {
    const { api, calls } = fakeApi(
      () =>
        new ApiCallError(409, {
          error: { code: "CONFLICT", message: "m", fields: { amount: "Доступно 3.5 USDT." } },
        } as never),
    );
    const missing = await post(api, "/account/affiliate", [["intent", "withdraw"]]);
    expect(missing.status).toBe(422);
    expect(missing.data).toMatchObject({
      fields: { currency_id: "Выберите валюту выплаты.", amount: "Введите сумму." },
    });
    expect(calls).toEqual([]);
    const refused = await post(api, "/account/affiliate", [
      ["intent", "withdraw"],
      ["currency_id", "7"],
      ["amount", "100"],
    ]);
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({ ok: false, fields: { amount: "Доступно 3.5 USDT." } });
  });

  it("an unknown intent is a 400", async () => {
    const { api } = fakeApi();
    expect((await post(api, "/account/affiliate", [["intent", "delete"]])).status).toBe(400);
  });
});
