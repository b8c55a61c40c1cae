import { ApiCallError, createObmenClient, type Transport } from "@obmen/contracts/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lettersTo, tokenInLink } from "../account/support/account-kit.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

/** The web tier's way into accounts: `client.user.*`, every answer parsed with its schema. */
describe("the SDK's account calls against the real API", () => {
  let api: TestApi;
  const calls: string[] = [];
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
  });
  afterAll(() => api.close());

  const transport: Transport = async (request) => {
    calls.push(request.url);
    const response = await api.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.body };
  };
  const client = createObmenClient({ transport, credentials: TEST_CLIENT });
  const caller = { ip: "198.51.100.9", lang: "en" as const };
  const email = "sdk-user@example.com";

  it("registers, confirms, reads the user, changes the password and logs out", async () => {
    expect(
      await client.user.register(caller, { email, password: "violet-harbour-71", agreement: true }),
    ).toEqual({});
    const confirmToken = tokenInLink((await lettersTo(api, email)).at(-1)!.text, "confirm");
    const confirmed = await client.user.confirm(caller, { confirm_token: confirmToken });
    const signedIn = { ...caller, userAuthToken: confirmed.user_auth_token };
    expect((await client.user.info(signedIn)).user).toEqual(confirmed.user);

    await client.user.updatePassword(signedIn, {
      old_password: "violet-harbour-71",
      new_password: "amber-lantern-42",
    });
    const login = await client.user.login(caller, { email, password: "amber-lantern-42" });
    expect(login.user.id).toBe(confirmed.user.id);
    await client.user.logout({ ...caller, userAuthToken: login.user_auth_token });
    await expect(
      client.user.info({ ...caller, userAuthToken: login.user_auth_token }),
    ).rejects.toMatchObject({ status: 401, body: { error: { code: "UNAUTHORIZED" } } });
  });

  it("restores a password, and does not repeat a refused login", async () => {
    await client.user.restore(caller, { email });
    const resetToken = tokenInLink((await lettersTo(api, email)).at(-1)!.text, "restore");
    await client.user.restoreConfirm(caller, {
      reset_token: resetToken,
      new_password: "third-harbour-93",
    });
    calls.length = 0;
    const refused = await client.user
      .login(caller, { email, password: "amber-lantern-42" })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiCallError);
    expect(refused).toMatchObject({
      status: 401,
      body: { error: { code: "INVALID_CREDENTIALS" } },
    });
    expect(calls).toEqual(["/rest/user/login"]);
  });
});
