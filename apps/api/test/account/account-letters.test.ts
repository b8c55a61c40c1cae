import { mailOutbox } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpMailer, type Mailer } from "../../src/mail/index.ts";
import { dispatchOnce, MAIL_FROM, outboxRow } from "../mail/support/mail-test-kit.ts";
import { closedSmtpUrl, type SmtpSink, startSmtpSink } from "../mail/support/smtp-sink.ts";
import type { TestApi } from "../support/test-api.ts";
import {
  call,
  logIn,
  OTHER_PASSWORD,
  PASSWORD,
  SITE,
  startAccountApi,
} from "./support/account-kit.ts";

/**
 * The account letters end to end: written by the API, delivered over real SMTP by the outbox
 * dispatcher, read from the message the SMTP server received, and the link in it followed.
 */
describe("account letters through SMTP", () => {
  let api: TestApi;
  let sink: SmtpSink;
  let mailer: Mailer;
  beforeAll(async () => {
    api = await startAccountApi();
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

  async function deliverOne(to: string) {
    const report = await dispatchOnce(api.db, mailer);
    expect(report.delivered).toBe(report.claimed);
    const message = sink.messages.findLast((received) => received.rcptTo.includes(to));
    if (!message) throw new Error(`nothing reached ${to}`);
    return message;
  }

  /** The link as a reader clicks it: the HTML button's target, which the text repeats. */
  function linkIn(message: { html: string; text: string }, path: "confirm" | "restore") {
    const href = new RegExp(`href="([^"]*/${path}/[^"]+)"`).exec(message.html)?.[1];
    if (!href) throw new Error(`no ${path} link in the HTML`);
    expect(message.text).toContain(href);
    return new URL(href);
  }

  async function outboxHoldsToken(token: string) {
    const { rows } = await api.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where content::text like ${`%${token}%`}`,
    );
    return rows[0]!.n > 0;
  }

  it("registers, mails the confirmation in Ukrainian, and its link signs the user in", async () => {
    const register = await call(
      api,
      "/rest/user/register",
      { email: "letters@example.com", password: PASSWORD, agreement: true },
      { lang: "uk" },
    );
    expect(register.status).toBe(200);
    const message = await deliverOne("letters@example.com");
    expect(message.subject).toBe("Підтвердьте e-mail для Obmen");
    expect(message.text).toContain("Посилання діє 24 години і спрацьовує один раз.");
    const link = linkIn(message, "confirm");
    expect(`${link.origin}/`).toBe(`${SITE}/`);
    const [, locale, path, token] = link.pathname.split("/");
    expect([locale, path]).toEqual(["uk", "confirm"]);

    // Delivered: the row stays as the mail log, without a working link.
    expect(await outboxHoldsToken(token!)).toBe(false);
    const [row] = await api.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "letters@example.com"));
    const logged = await outboxRow(api.db, row!.id);
    expect(logged.status).toBe("sent");
    expect(logged.text).toContain("Посилання з цього листа видалено після надсилання");

    const confirmed = await call(api, "/rest/user/confirm", { confirm_token: token });
    expect(confirmed.status).toBe(200);
    const info = await call(
      api,
      "/rest/user/info",
      {},
      { token: confirmed.body.data.user_auth_token },
    );
    expect(info.body.data.user).toMatchObject({ email: "letters@example.com", lang: "uk" });
  });

  it("mails a known address's owner about another registration, in the owner's language", async () => {
    await call(
      api,
      "/rest/user/register",
      { email: "letters@example.com", password: OTHER_PASSWORD, agreement: true },
      { lang: "en" },
    );
    const message = await deliverOne("letters@example.com");
    expect(message.subject).toBe("Спроба реєстрації з вашою адресою в Obmen");
    expect(message.html).toContain(`href="${SITE}/uk/forgot"`);
  });

  it("mails a reset link whose page sets a new password, then a notice of the change", async () => {
    await call(api, "/rest/user/restore", { email: "letters@example.com" }, { lang: "ru" });
    const message = await deliverOne("letters@example.com");
    expect(message.subject).toBe("Восстановление пароля в Obmen");
    const link = linkIn(message, "restore");
    expect(link.pathname).toMatch(/^\/restore\/[a-z2-7]{32}$/);
    const token = link.pathname.split("/")[2]!;
    expect(await outboxHoldsToken(token)).toBe(false);

    const reset = await call(
      api,
      "/rest/user/restore_confirm",
      { reset_token: token, new_password: OTHER_PASSWORD },
      { lang: "ru" },
    );
    expect(reset.status).toBe(200);
    expect((await logIn(api, "letters@example.com", OTHER_PASSWORD)).status).toBe(200);
    const notice = await deliverOne("letters@example.com");
    expect(notice.subject).toBe("Пароль в Obmen изменён");
    expect(notice.text).toContain("Все остальные сеансы аккаунта завершены.");
  });

  it("removes the token from a letter that could not be delivered either", async () => {
    await call(api, "/rest/user/restore", { email: "letters@example.com" });
    const [pending] = await api.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.status, "pending"));
    const token = (pending!.content as { token: string }).token;
    expect(await outboxHoldsToken(token)).toBe(true);
    const deadMailer = createSmtpMailer(await closedSmtpUrl(), MAIL_FROM);
    try {
      const report = await dispatchOnce(api.db, deadMailer, { maxAttempts: 1 });
      expect(report.failed).toBe(1);
    } finally {
      deadMailer.close?.();
    }
    expect((await outboxRow(api.db, pending!.id)).status).toBe("failed");
    expect(await outboxHoldsToken(token)).toBe(false);
  });
});
