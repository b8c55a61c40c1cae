import { ApiCallError, type ObmenClient } from "@obmen/contracts/sdk";
import { describe, expect, it } from "vitest";
import { completeAuthLink, outcomeOfFailure } from "./complete-auth-link.server.ts";

const caller = { ip: "127.0.0.1", lang: "en" as const };
const TOKEN = "abcdefghijklmnop0123";

function apiAnswering(answer: () => unknown) {
  const calls: { path: string; payload: Record<string, unknown>; idempotent: boolean }[] = [];
  const api = {
    call: async (
      _caller: unknown,
      path: string,
      payload: Record<string, unknown>,
      idempotent: boolean,
    ) => {
      calls.push({ path, payload, idempotent });
      return answer();
    },
  } as unknown as ObmenClient;
  return { api, calls };
}

const failure = (status: number, code: string, extra: object = {}) =>
  new ApiCallError(status, { error: { code, message: `${code} message`, ...extra } } as never);

describe("completing an e-mailed link through the API", () => {
  it("sends each kind to its call, once, with the token", async () => {
    const { api, calls } = apiAnswering(() => ({}));
    await completeAuthLink({ api, caller, kind: "confirm", token: TOKEN });
    await completeAuthLink({ api, caller, kind: "confirm-login", token: TOKEN });
    await completeAuthLink({
      api,
      caller,
      kind: "restore",
      token: TOKEN,
      newPassword: "s3cret-pass",
    });
    expect(calls).toEqual([
      { path: "/rest/user/confirm", payload: { confirm_token: TOKEN }, idempotent: false },
      { path: "/rest/user/confirm_update_login", payload: { token: TOKEN }, idempotent: false },
      {
        path: "/rest/user/restore_confirm",
        payload: { reset_token: TOKEN, new_password: "s3cret-pass" },
        idempotent: false,
      },
    ]);
  });

  it("reports success and a redirect the API asks for", async () => {
    const { api } = apiAnswering(() => ({ redirect_url: "/en/account" }));
    expect(await completeAuthLink({ api, caller, kind: "confirm", token: TOKEN })).toEqual({
      outcome: { status: "done" },
      redirectTo: "/en/account",
    });
  });

  it("tells an unknown token (today: an unknown call) as invalid or expired", async () => {
    const { api } = apiAnswering(() => {
      throw failure(404, "NOT_FOUND");
    });
    expect(
      (await completeAuthLink({ api, caller, kind: "confirm", token: TOKEN })).outcome,
    ).toEqual({
      status: "invalid",
    });
  });

  it("maps the other answers honestly", () => {
    expect(outcomeOfFailure(failure(503, "UNAVAILABLE"))).toEqual({ status: "unavailable" });
    expect(outcomeOfFailure(failure(500, "INTERNAL"))).toEqual({ status: "unavailable" });
    expect(
      outcomeOfFailure(
        failure(422, "VALIDATION_FAILED", { fields: { new_password: "Too common", other: "x" } }),
      ),
    ).toEqual({ status: "fields", fields: { new_password: "Too common" } });
    expect(
      outcomeOfFailure(failure(422, "VALIDATION_FAILED", { fields: { reset_token: "expired" } })),
    ).toEqual({ status: "invalid" });
    expect(outcomeOfFailure(failure(429, "RATE_LIMITED"))).toEqual({
      status: "refused",
      message: "RATE_LIMITED message",
    });
  });

  it("lets a bug propagate instead of disguising it as an answer", () => {
    expect(() => outcomeOfFailure(new TypeError("boom"))).toThrow("boom");
  });
});
