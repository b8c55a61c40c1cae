import { AdminAlertListResponse, AdminTestAlertResponse } from "@obmen/contracts";
import { auditLog, mailOutbox } from "@obmen/db";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { startAlertsApi } from "../alerts/support/alerts-kit.ts";
import { adminCall, placeOrder, signInEveryRole } from "./support/admin-kit.ts";

const TOKEN = "987654321:AAFakeTokenForTheLocalTelegramStandIn";
const CHAT = "-1001234567890";
const WAIT = { timeout: 20_000, interval: 100 };

/**
 * Issue 26 point 10: each operator alert's delivery state is visible in the console (Telegram
 * and every e-mail: sent, failed with the reason, pending), and an admin can send a test alert
 * through the saved channels and read what each did. Telegram is a fake Bot API on loopback,
 * mail a real SMTP server on loopback.
 */
describe("alert deliveries and the test alert", () => {
  let harness: Awaited<ReturnType<typeof startAlertsApi>>;
  let cookies: Awaited<ReturnType<typeof signInEveryRole>>;
  beforeAll(async () => {
    harness = await startAlertsApi();
    cookies = await signInEveryRole(harness.api);
  });
  afterAll(() => harness.api.close());

  const settings = (body: Record<string, unknown>) =>
    adminCall(harness.api, "PATCH", "/admin/api/settings/alerts", { cookie: cookies.admin, body });
  const sendTest = (cookie = cookies.admin) =>
    adminCall(harness.api, "POST", "/admin/api/settings/alerts/test", { cookie, body: {} });
  const alertAbout = async (uuid: string) => {
    const list = await adminCall(harness.api, "GET", "/admin/api/alerts", {
      cookie: cookies.admin,
    });
    expect(list.status).toBe(200);
    const data = AdminAlertListResponse.parse(list.body).data;
    return data.items.find((alert) => alert.text.includes(uuid));
  };

  it("reports with nothing set up that no channel is on", async () => {
    const result = await sendTest();
    expect(result.status).toBe(200);
    expect(AdminTestAlertResponse.parse(result.body).data).toEqual({
      emails: [],
      telegram: { status: "off", error: null },
    });
  });

  it("sends a test through every channel and says each was sent; operators may not", async () => {
    expect(
      (
        await settings({
          emails: ["duty@obmen.example", "night@obmen.example"],
          telegram_chat_id: CHAT,
          telegram_bot_token: TOKEN,
        })
      ).status,
    ).toBe(200);
    const telegramBefore = harness.telegram.calls.length;
    const result = await sendTest();
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({
      emails: [
        { to: "duty@obmen.example", status: "sent", error: null },
        { to: "night@obmen.example", status: "sent", error: null },
      ],
      telegram: { status: "sent", error: null },
    });
    // Delivered before the answer, not queued.
    const message = harness.telegram.calls.at(-1);
    expect(harness.telegram.calls.length).toBe(telegramBefore + 1);
    expect(message?.body.chat_id).toBe(CHAT);
    expect(message?.body.text).toMatch(/^Это проверочное оповещение/);
    const letters = harness.smtp.messages.filter((mail) =>
      mail.subject.startsWith("Проверка оповещений Obmen"),
    );
    expect(letters.map((mail) => mail.rcptTo.join()).sort()).toEqual([
      "duty@obmen.example",
      "night@obmen.example",
    ]);
    const [audit] = await harness.api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.alerts.test"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.after).toMatchObject({ telegram: "sent" });

    for (const role of ["operator", "editor"] as const) {
      expect((await sendTest(cookies[role])).status).toBe(403);
      const list = await adminCall(harness.api, "GET", "/admin/api/alerts", {
        cookie: cookies[role],
      });
      expect(list.status).toBe(403);
    }
  });

  it("says why a test failed: Telegram's answer and the SMTP server's refusal", async () => {
    harness.telegram.state.failing = true;
    harness.smtp.state.rejectRecipients = true;
    onTestFinished(() => {
      harness.telegram.state.failing = false;
      harness.smtp.state.rejectRecipients = false;
    });
    const result = await sendTest();
    expect(result.status).toBe(200);
    const data = AdminTestAlertResponse.parse(result.body).data;
    expect(data.telegram.status).toBe("failed");
    expect(data.telegram.error).toContain("HTTP 500");
    expect(data.telegram.error).not.toContain(TOKEN.split(":")[1]);
    expect(data.emails).toHaveLength(2);
    for (const email of data.emails) {
      expect(email.status).toBe("failed");
      expect(email.error).toMatch(/550|Mailbox unavailable/);
    }
    const failed = await harness.api.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "operator_alert_test"))
      .orderBy(desc(mailOutbox.id))
      .limit(2);
    expect(failed.map((row) => row.status)).toEqual(["failed", "failed"]);
  });

  it("lists each alert with its Telegram message's and every letter's state", async () => {
    const uuid = await placeOrder(harness.api, { sendAmount: "140" });
    await vi.waitFor(async () => {
      const alert = await alertAbout(uuid);
      expect(alert?.telegram.status).toBe("sent");
      expect(alert?.emails.map((email) => email.status)).toEqual(["sent", "sent"]);
    }, WAIT);
    const alert = await alertAbout(uuid);
    expect(alert).toMatchObject({
      kind: "new_order",
      telegram: { status: "sent", attempts: 1, last_error: null },
    });
    expect(alert?.emails.map((email) => email.to)).toEqual([
      "duty@obmen.example",
      "night@obmen.example",
    ]);
    expect(alert?.telegram.sent_at).not.toBeNull();
  });

  it("shows a failing delivery as pending with the reason, while it is retried", async () => {
    harness.telegram.state.failing = true;
    harness.smtp.state.rejectRecipients = true;
    onTestFinished(() => {
      harness.telegram.state.failing = false;
      harness.smtp.state.rejectRecipients = false;
    });
    const uuid = await placeOrder(harness.api, { sendAmount: "150" });
    await vi.waitFor(async () => {
      const alert = await alertAbout(uuid);
      expect(alert?.telegram).toMatchObject({ status: "pending" });
      expect(alert?.telegram.last_error).toContain("HTTP 500");
      expect(alert?.emails).toHaveLength(2);
      for (const email of alert?.emails ?? []) {
        expect(email.status).toBe("pending");
        expect(email.last_error).toMatch(/550|Mailbox unavailable/);
      }
    }, WAIT);
  });
});
