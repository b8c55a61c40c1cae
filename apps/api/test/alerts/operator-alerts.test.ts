import { currencies, currencyHeld, lowReserveWarnings, operatorAlerts } from "@obmen/db";
import { formatAmount, toDecimal } from "@obmen/domain";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { sweepOperatorAlerts } from "../../src/alerts/sweep-alerts.ts";
import { adminCall, placeOrder, signInEveryRole } from "../admin/support/admin-kit.ts";
import { startAlertsApi } from "./support/alerts-kit.ts";

const TOKEN = "987654321:AAFakeTokenForTheLocalTelegramStandIn";
const CHAT = "-1001234567890";
/** Generous: two shared cores, a sweep each second, a dispatcher every 300 ms. */
const WAIT = { timeout: 20_000, interval: 100 };

describe("operator alerts by e-mail and Telegram, through the job runner and the outboxes", () => {
  let harness: Awaited<ReturnType<typeof startAlertsApi>>;
  let admin: string;
  beforeAll(async () => {
    harness = await startAlertsApi();
    ({ admin } = await signInEveryRole(harness.api));
    const saved = await adminCall(harness.api, "PATCH", "/admin/api/settings/alerts", {
      cookie: admin,
      body: {
        emails: ["duty@obmen.example"],
        telegram_chat_id: CHAT,
        telegram_bot_token: TOKEN,
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => harness.api.close());

  const telegramAbout = (uuid: string) =>
    harness.telegram.calls.filter((call) => call.body.text.includes(uuid));
  const mailAbout = (uuid: string) =>
    harness.smtp.messages.filter(
      // The customer's own letters name the order too; the operators' go to the duty address.
      (message) => message.rcptTo.join() === "duty@obmen.example" && message.text.includes(uuid),
    );

  it("tells the operators of a new and of a paid order: one letter and one message each", async () => {
    const uuid = await placeOrder(harness.api, { paid: true, sendAmount: "120" });
    await vi.waitFor(() => {
      expect(telegramAbout(uuid)).toHaveLength(2);
      expect(mailAbout(uuid)).toHaveLength(2);
    }, WAIT);
    const [created, paid] = telegramAbout(uuid);
    expect(created?.path).toBe(`/bot${TOKEN}/sendMessage`);
    expect(created?.body.chat_id).toBe(CHAT);
    expect(created?.body.text).toMatch(/^Новая заявка /);
    // Amounts as the order page and the letters write them (decision 022): a no-break space
    // before the code, no padding zeros.
    expect(created?.body.text).toContain("Отдаёт: 120\u00a0USDT · ");
    expect(created?.body.text).toContain(`https://obmen.example/admin/orders/${uuid}`);
    expect(paid?.body.text).toMatch(/^Клиент сообщил об оплате заявки /);
    const subjects = mailAbout(uuid).map((message) => message.subject);
    expect(subjects.sort()).toEqual([
      expect.stringMatching(/^Клиент сообщил об оплате заявки [0-9a-f]{8}: 120\u00a0USDT/),
      expect.stringMatching(/^Новая заявка [0-9a-f]{8}: 120\u00a0USDT/),
    ]);
    expect(mailAbout(uuid).every((message) => message.rcptTo.join() === "duty@obmen.example")).toBe(
      true,
    );
    // Sweeping the same (not yet settled) events again writes nothing twice.
    const again = await sweepOperatorAlerts({
      db: harness.api.db,
      appUrl: "https://obmen.example/",
    });
    expect(again.alerts).toBe(0);
    expect(telegramAbout(uuid)).toHaveLength(2);
  });

  it("creates the order while Telegram answers 500, and delivers the alert once it is back", async () => {
    harness.telegram.state.failing = true;
    onTestFinished(() => {
      harness.telegram.state.failing = false;
    });
    const uuid = await placeOrder(harness.api, { sendAmount: "130" });
    // The letter goes regardless; the Telegram message is retried.
    await vi.waitFor(async () => {
      expect(mailAbout(uuid)).toHaveLength(1);
      const [alert] = await harness.api.db
        .select()
        .from(operatorAlerts)
        .where(like(operatorAlerts.text, `%${uuid}%`));
      expect(alert?.telegramStatus).toBe("pending");
      expect(alert?.telegramAttempts).toBeGreaterThanOrEqual(2);
      expect(alert?.telegramLastError).toContain("HTTP 500");
      expect(alert?.telegramLastError).not.toContain(TOKEN.split(":")[1]);
    }, WAIT);
    harness.telegram.state.failing = false;
    await vi.waitFor(() => expect(telegramAbout(uuid)).toHaveLength(1), WAIT);
    const [alert] = await harness.api.db
      .select()
      .from(operatorAlerts)
      .where(like(operatorAlerts.text, `%${uuid}%`));
    expect(alert?.telegramStatus).toBe("sent");
  });

  it("writes the alerts in the language an admin chose for them", async () => {
    const chosen = await adminCall(harness.api, "PATCH", "/admin/api/settings/alerts", {
      cookie: admin,
      body: { language: "en" },
    });
    expect(chosen.status).toBe(200);
    onTestFinished(async () => {
      await adminCall(harness.api, "PATCH", "/admin/api/settings/alerts", {
        cookie: admin,
        body: { language: "ru" },
      });
    });
    const uuid = await placeOrder(harness.api, { sendAmount: "1250.5" });
    await vi.waitFor(() => {
      expect(telegramAbout(uuid)).toHaveLength(1);
      expect(mailAbout(uuid)).toHaveLength(1);
    }, WAIT);
    const [message] = telegramAbout(uuid);
    expect(message?.body.text).toMatch(/^New order /);
    expect(message?.body.text).toContain("Sends: 1,250.5\u00a0USDT · ");
    expect(message?.body.text).toContain("Customer’s e-mail: ");
    expect(mailAbout(uuid)[0]?.subject).toMatch(/^New order [0-9a-f]{8}: 1,250.5\u00a0USDT/);
  });

  it("alerts once when a reserve crosses below its warning, and again only after it rose back", async () => {
    const db = harness.api.db;
    const [rub] = await db
      .select({ id: currencies.id, reserve: currencies.reserve, held: currencyHeld.held })
      .from(currencies)
      .leftJoin(currencyHeld, eq(currencyHeld.currencyId, currencies.id))
      .where(eq(currencies.urlXml, "SBERRUB"));
    if (!rub) throw new Error("the demo catalogue has no SBERRUB");
    // Just under what is available now: the next order's hold crosses it.
    const available = toDecimal(rub.reserve).minus(rub.held ?? "0");
    await db
      .update(currencies)
      .set({ reserveWarning: available.minus(1).toFixed() })
      .where(eq(currencies.id, rub.id));
    const reserveMessages = () =>
      harness.telegram.calls.filter((call) => call.body.text.startsWith("Доступный резерв RUB"));

    const first = await placeOrder(harness.api, { sendAmount: "50" });
    await vi.waitFor(() => expect(reserveMessages()).toHaveLength(1), WAIT);
    const warning = formatAmount({
      amount: available.minus(1).toFixed(),
      currency: { code: "RUB", decimals: 2 },
      locale: "ru",
    });
    expect(reserveMessages()[0]?.body.text).toContain(`порог: ${warning}.`);
    const second = await placeOrder(harness.api, { sendAmount: "60" });
    await vi.waitFor(() => expect(telegramAbout(second)).toHaveLength(1), WAIT);
    expect(telegramAbout(first)).toHaveLength(1);
    expect(reserveMessages()).toHaveLength(1);
    expect(
      harness.smtp.messages.filter((message) => message.subject.startsWith("Резерв RUB")),
    ).toHaveLength(1);

    // Topped up above the warning: the crossing is forgotten, and the next one alerts again.
    await db
      .update(currencies)
      .set({ reserve: toDecimal(rub.reserve).plus(1_000_000).toFixed() })
      .where(eq(currencies.id, rub.id));
    await vi.waitFor(async () => {
      expect(await db.select().from(lowReserveWarnings)).toHaveLength(0);
    }, WAIT);
    await db.update(currencies).set({ reserve: "0" }).where(eq(currencies.id, rub.id));
    await vi.waitFor(() => expect(reserveMessages()).toHaveLength(2), WAIT);
  });
});
