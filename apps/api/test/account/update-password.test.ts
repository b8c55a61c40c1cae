import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import {
  call,
  lettersTo,
  logIn,
  OTHER_PASSWORD,
  PASSWORD,
  signUp,
  startAccountApi,
} from "./support/account-kit.ts";

describe("/rest/user/update_password", () => {
  let api: TestApi;
  let current: string;
  let other: string;
  beforeAll(async () => {
    api = await startAccountApi();
    current = await signUp(api, "changer@example.com");
    other = (await logIn(api, "changer@example.com")).body.data.user_auth_token;
  });
  afterAll(() => api.close());

  it("needs a signed-in user", async () => {
    const anonymous = await call(api, "/rest/user/update_password", {
      old_password: PASSWORD,
      new_password: OTHER_PASSWORD,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("UNAUTHORIZED");
  });

  it("refuses a wrong current password, a weak or unchanged new one, and changes nothing", async () => {
    const wrongOld = await call(
      api,
      "/rest/user/update_password",
      { old_password: OTHER_PASSWORD, new_password: "fresh-password-12" },
      { token: current, lang: "uk" },
    );
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.error.fields).toEqual({
      old_password: "Поточний пароль введено неправильно.",
    });
    const same = await call(
      api,
      "/rest/user/update_password",
      { old_password: PASSWORD, new_password: PASSWORD },
      { token: current },
    );
    expect(same.body.error.fields).toEqual({
      new_password: "The new password is the same as the current one.",
    });
    const short = await call(
      api,
      "/rest/user/update_password",
      { old_password: PASSWORD, new_password: "short" },
      { token: current },
    );
    expect(short.body.error.fields).toEqual({ new_password: "At least 10 characters." });
    expect((await call(api, "/rest/user/info", {}, { token: other })).status).toBe(200);
    expect((await logIn(api, "changer@example.com", PASSWORD)).status).toBe(200);
  });

  it("changes it, keeps this session, ends the others and mails a notice", async () => {
    const result = await call(
      api,
      "/rest/user/update_password",
      { old_password: PASSWORD, new_password: OTHER_PASSWORD },
      { token: current },
    );
    expect(result.status).toBe(200);
    expect(result.text).toBe('{"data":{}}');
    expect((await call(api, "/rest/user/info", {}, { token: current })).status).toBe(200);
    expect((await call(api, "/rest/user/info", {}, { token: other })).status).toBe(401);
    expect((await logIn(api, "changer@example.com", PASSWORD)).status).toBe(401);
    expect((await logIn(api, "changer@example.com", OTHER_PASSWORD)).status).toBe(200);
    const notice = (await lettersTo(api, "changer@example.com")).at(-1)!;
    expect(notice.kind).toBe("account_password_changed");
    expect(notice.subject).toBe("Your Obmen password was changed");
    expect(notice.text).toContain("All other sessions of the account have been ended.");
  });
});
