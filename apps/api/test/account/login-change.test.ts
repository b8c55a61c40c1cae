import { userTokens } from "@obmen/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOGIN_CHANGES_PER_HOUR } from "../../src/account/login-change/request-login-change.ts";
import { createSmtpMailer, type Mailer } from "../../src/mail/index.ts";
import { dispatchOnce, MAIL_FROM } from "../mail/support/mail-test-kit.ts";
import { type SmtpSink, startSmtpSink } from "../mail/support/smtp-sink.ts";
import type { TestApi } from "../support/test-api.ts";
import {
  callAs,
  insertOrders,
  logInAgain,
  signUpUser,
  startAccountDataApi,
  type TestUser,
} from "./support/account-data-kit.ts";
import { call, PASSWORD, SITE } from "./support/account-kit.ts";

/**
 * The login change end to end: asked for through update_personal_info, its letters delivered
 * over real SMTP by the outbox dispatcher, the link read from the message the SMTP server
 * received and followed to confirm_update_login.
 */
describe("login change: update_personal_info email → letter → confirm_update_login", () => {
  let api: TestApi;
  let sink: SmtpSink;
  let mailer: Mailer;
  beforeAll(async () => {
    api = await startAccountDataApi();
    sink = await startSmtpSink();
    mailer = createSmtpMailer(sink.url, MAIL_FROM);
  });
  afterAll(async () => {
    mailer?.close?.();
    await sink?.close();
    await api?.close();
  });
  beforeEach(() => {
    sink.messages.length = 0;
  });

  async function deliver() {
    const report = await dispatchOnce(api.db, mailer);
    expect(report.delivered).toBe(report.claimed);
  }
  function messageTo(address: string) {
    const message = sink.messages.findLast((received) => received.rcptTo.includes(address));
    if (!message) throw new Error(`nothing reached ${address}`);
    return message;
  }
  /** The link as a reader clicks it: the HTML button's target, which the text repeats. */
  function confirmLoginLink(message: { html: string; text: string }) {
    const href = /href="([^"]*\/confirm-login\/[^"]+)"/.exec(message.html)?.[1];
    if (!href) throw new Error("no confirm-login link in the HTML");
    expect(message.text).toContain(href);
    return new URL(href);
  }
  /** The token of a `{APP_URL}/{locale}/confirm-login/{token}` link. */
  function linkToken(message: { html: string; text: string }) {
    const token = confirmLoginLink(message).pathname.split("/").at(-1)!;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    return token;
  }
  const changeLogin = (user: TestUser, email: string, lang: "en" | "ru" | "uk" = "en") =>
    callAs(
      api,
      user,
      "/rest/user/update_personal_info",
      { fields: [{ key: "email", value: email }] },
      { lang },
    );
  const confirm = (
    user: TestUser,
    token: string,
    options: { token?: string; lang?: "en" | "ru" } = {},
  ) => callAs(api, user, "/rest/user/confirm_update_login", { token }, options);
  const logInAs = (email: string, ip: string) =>
    call(api, "/rest/user/login", { email, password: PASSWORD }, { ip });

  it("mails the new address a link in the request's language and the old one a notice; the link changes the login", async () => {
    const user = await signUpUser(api, "old-login@example.com");
    const otherDevice = await logInAgain(api, user);

    const asked = await changeLogin(user, "New-Login@Example.com", "uk");
    expect(asked.status, asked.text).toBe(200);
    expect(asked.text).toBe('{"data":{"login_change_sent":true}}');
    await deliver();

    const letter = messageTo("new-login@example.com");
    expect(letter.subject).toBe("Підтвердьте новий логін в Obmen");
    expect(letter.text).toContain("Посилання діє 24 години і спрацьовує один раз.");
    const link = confirmLoginLink(letter);
    expect(`${link.origin}/`).toBe(`${SITE}/`);
    const [, locale, path, token] = link.pathname.split("/");
    expect([locale, path]).toEqual(["uk", "confirm-login"]);
    expect(token).toMatch(/^[a-z2-7]{32}$/);

    // The notice goes to the current login, in the account's language, naming the new address.
    const notice = messageTo("old-login@example.com");
    expect(notice.subject).toBe("A change of your Obmen login was requested");
    expect(notice.text).toContain("new-login@example.com");
    expect(notice.text).not.toContain("/confirm-login/");

    // Nothing changed yet.
    expect((await callAs(api, user, "/rest/user/info")).body.data.user.email).toBe(
      "old-login@example.com",
    );
    expect((await logInAs("new-login@example.com", user.ip)).status).toBe(401);

    const confirmed = await confirm(user, token!);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data.user).toMatchObject({
      id: user.id,
      email: "new-login@example.com",
      email_confirmed: true,
    });
    // The other sessions ended; this one goes on; the login is the new address from now on.
    expect((await callAs(api, user, "/rest/user/info", {}, { token: otherDevice })).status).toBe(
      401,
    );
    expect((await callAs(api, user, "/rest/user/info")).body.data.user.email).toBe(
      "new-login@example.com",
    );
    expect((await logInAs("new-login@example.com", user.ip)).status).toBe(200);
    expect((await logInAs("old-login@example.com", user.ip)).status).toBe(401);

    // Single use.
    const reused = await confirm(user, token!, { lang: "ru" });
    expect(reused.status).toBe(404);
    expect(reused.body.error).toMatchObject({
      code: "NOT_FOUND",
      fields: { token: "Ссылка недействительна или устарела. Запросите новое письмо." },
    });

    // The history follows the login.
    await insertOrders(api, [
      { email: "new-login@example.com" },
      { email: "old-login@example.com" },
    ]);
    const history = await callAs(api, user, "/rest/user/exchange/list");
    expect(history.body.data.total).toBe(1);
  });

  it("answers a taken address exactly like a free one, and mails it no link that could work", async () => {
    await signUpUser(api, "owner@example.com", "uk");
    const user = await signUpUser(api, "asker@example.com");
    const free = await changeLogin(user, "free-address@example.com");
    const taken = await changeLogin(user, "Owner@example.com");
    expect(taken.status).toBe(200);
    expect(taken.text).toBe(free.text);
    await deliver();

    const letter = messageTo("owner@example.com");
    // In its owner's language, like the "tried to register" letter.
    expect(letter.subject).toBe("Вашу адресу намагалися зробити логіном в Obmen");
    expect(letter.text).not.toContain("/confirm-login/");
    expect(letter.html).toContain(`href="${SITE}/uk/forgot"`);
    expect(messageTo("asker@example.com").text).toContain("owner@example.com");

    // The newer request voided the free address's link.
    const freeToken = linkToken(messageTo("free-address@example.com"));
    expect((await confirm(user, freeToken)).status).toBe(404);
    expect((await callAs(api, user, "/rest/user/info")).body.data.user.email).toBe(
      "asker@example.com",
    );
  });

  it("takes only the caller's own, unexpired token", async () => {
    const owner = await signUpUser(api, "token-owner@example.com");
    const stranger = await signUpUser(api, "stranger@example.com");
    await changeLogin(owner, "owner-next@example.com");
    await deliver();
    const token = linkToken(messageTo("owner-next@example.com"));

    const stolen = await confirm(stranger, token);
    expect(stolen.status).toBe(404);
    expect((await callAs(api, stranger, "/rest/user/info")).body.data.user.email).toBe(
      "stranger@example.com",
    );
    const anonymous = await call(api, "/rest/user/confirm_update_login", { token });
    expect(anonymous.status).toBe(401);

    await api.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${userTokens.newEmail} = 'owner-next@example.com'`);
    expect((await confirm(owner, token)).status).toBe(404);
    expect((await confirm(owner, "a".repeat(32))).status).toBe(404);
    expect((await confirm(owner, "")).status).toBe(404);
    expect((await callAs(api, owner, "/rest/user/confirm_update_login", {})).status).toBe(422);
  });

  it("changes nothing when the address became another account's login meanwhile", async () => {
    const user = await signUpUser(api, "slow@example.com");
    await changeLogin(user, "contested@example.com");
    await deliver();
    const token = linkToken(messageTo("contested@example.com"));
    await signUpUser(api, "contested@example.com");

    const refused = await confirm(user, token);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "CONFLICT",
      fields: {
        token: "This address already belongs to another account; the login was not changed.",
      },
    });
    expect((await callAs(api, user, "/rest/user/info")).body.data.user.email).toBe(
      "slow@example.com",
    );
  });

  it(`starts at most ${LOGIN_CHANGES_PER_HOUR} login changes an hour`, async () => {
    const user = await signUpUser(api, "restless@example.com");
    for (let i = 0; i < LOGIN_CHANGES_PER_HOUR; i++) {
      expect((await changeLogin(user, `next-${i}@example.com`)).status).toBe(200);
    }
    const limited = await changeLogin(user, "one-more@example.com", "ru");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
  });
});
