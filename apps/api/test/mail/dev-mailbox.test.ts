import { createTestDatabase, mailOutbox, type TestDatabase } from "@obmen/db";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  enqueueOrderMail,
  isDevMailboxEnabled,
  loadOrderMailDisplay,
  registerMailboxRoutes,
  resolveMailDelivery,
} from "../../src/mail/index.ts";
import { APP_URL, outboxRow } from "./support/mail-test-kit.ts";
import { insertOrder, PAYMENT } from "./support/order-fixture.ts";

describe("dev mailbox", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let orderMailId: number;
  let hostileMailId: number;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    orderMailId = await database.db.transaction(async (tx) => {
      const order = await insertOrder(tx, { locale: "en", email: "first@example.com" });
      const display = await loadOrderMailDisplay({ tx, order });
      const event = { type: "created" as const, paymentInstructions: PAYMENT.en };
      return (await enqueueOrderMail({ tx, order, display, event, appUrl: APP_URL })).id;
    });
    const [hostile] = await database.db
      .insert(mailOutbox)
      .values({
        to: "second@example.com",
        subject: "<img src=x onerror=alert(1)>",
        text: "plain only",
        html: null,
        locale: "ru",
        kind: "register_confirm",
      })
      .returning({ id: mailOutbox.id });
    hostileMailId = hostile!.id;
    app = Fastify({ logger: false });
    registerMailboxRoutes(app, { db: database.db, enabled: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("answers 404 to anyone but a browser on this machine, whatever HOST is", async () => {
    for (const url of [
      "/dev/mailbox",
      `/dev/mailbox/${orderMailId}`,
      `/dev/mailbox/${orderMailId}/text`,
    ]) {
      const remote = await app.inject({ method: "GET", url, remoteAddress: "203.0.113.5" });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain("first@example.com");
      // A proxy on this machine relays everyone: its requests are not local ones.
      const relayed = await app.inject({
        method: "GET",
        url,
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      expect(relayed.statusCode, url).toBe(404);
      const local = await app.inject({ method: "GET", url, remoteAddress: "::1" });
      expect(local.statusCode, url).toBe(200);
    }
  });

  it("lists the outbox newest first, escaped, under a strict CSP", async () => {
    const response = await app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toMatch(
      /^default-src 'none'; style-src 'unsafe-inline'/,
    );
    const body = response.body;
    const orderMail = await outboxRow(database.db, orderMailId);
    expect(body).toContain(orderMail.subject);
    expect(body).toContain("first@example.com");
    expect(body).toContain(`href="/dev/mailbox/${orderMailId}"`);
    expect(body.indexOf("second@example.com")).toBeLessThan(body.indexOf("first@example.com"));
    expect(body).not.toContain("<img");
    expect(body).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(body).toContain("pending");
  });

  it("shows one mail's HTML body as stored, sandboxed by CSP and nosniff", async () => {
    const response = await app.inject({ method: "GET", url: `/dev/mailbox/${orderMailId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toContain(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.body).toBe((await outboxRow(database.db, orderMailId)).html);
    expect(response.body).not.toContain("<script>");
  });

  it("shows the plain text, and a text-only mail as escaped text", async () => {
    const text = await app.inject({ method: "GET", url: `/dev/mailbox/${orderMailId}/text` });
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(text.body).toBe((await outboxRow(database.db, orderMailId)).text);
    const textOnly = await app.inject({ method: "GET", url: `/dev/mailbox/${hostileMailId}` });
    expect(textOnly.statusCode).toBe(200);
    expect(textOnly.body).toContain("<pre>plain only</pre>");
    expect(textOnly.body).not.toContain("<img");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "abc", "0", "1e3", "99999999999"]) {
      const response = await app.inject({ method: "GET", url: `/dev/mailbox/${id}` });
      expect(response.statusCode, id).toBe(404);
    }
  });

  it("exists only without SMTP and outside production", async () => {
    const disabled = Fastify({ logger: false });
    registerMailboxRoutes(disabled, { db: database.db, enabled: false });
    expect((await disabled.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
    await disabled.close();

    expect(isDevMailboxEnabled({ smtpUrl: undefined, nodeEnv: "development" })).toBe(true);
    expect(isDevMailboxEnabled({ smtpUrl: undefined, nodeEnv: undefined })).toBe(true);
    expect(isDevMailboxEnabled({ smtpUrl: undefined, nodeEnv: "production" })).toBe(false);
    expect(isDevMailboxEnabled({ smtpUrl: "smtp://127.0.0.1:25", nodeEnv: "test" })).toBe(false);

    const from = "Obmen <no-reply@obmen.example>";
    const smtp = resolveMailDelivery({
      smtpUrl: "smtp://127.0.0.1:25",
      from,
      nodeEnv: "production",
    });
    expect(smtp).toMatchObject({ mode: "smtp", devMailbox: false });
    expect(smtp.mailer?.deliveredStatus).toBe("sent");
    smtp.mailer?.close?.();
    const dev = resolveMailDelivery({ smtpUrl: undefined, from, nodeEnv: "development" });
    expect(dev).toMatchObject({ mode: "dev-mailbox", devMailbox: true });
    expect(dev.mailer?.deliveredStatus).toBe("stored");
    expect(resolveMailDelivery({ smtpUrl: undefined, from, nodeEnv: "production" })).toEqual({
      mode: "none",
      mailer: null,
      devMailbox: false,
    });
  });
});
