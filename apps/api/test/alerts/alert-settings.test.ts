import { auditLog, consoleSettings } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestApi,
  adminCall,
  signInEveryRole,
  startAdminApi,
} from "../admin/support/admin-kit.ts";

const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";

describe("the alert settings (GET/PATCH /admin/api/settings/alerts)", () => {
  let api: AdminTestApi;
  let cookies: Awaited<ReturnType<typeof signInEveryRole>>;
  beforeAll(async () => {
    api = await startAdminApi({ seed: false });
    cookies = await signInEveryRole(api);
  });
  afterAll(() => api.close());

  const settings = (cookie: string, body?: unknown, lang?: string) =>
    adminCall(api, body === undefined ? "GET" : "PATCH", "/admin/api/settings/alerts", {
      cookie,
      body,
      lang,
    });

  it("starts with no recipients and every event on", async () => {
    const result = await settings(cookies.admin);
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({
      emails: [],
      telegram_chat_id: null,
      telegram_token_set: false,
      telegram_token_masked: null,
      events: { new_order: true, paid_order: true, low_reserve: true },
      language: "ru",
    });
  });

  it("saves what an admin sends, and never answers or audits the bot token in full", async () => {
    const saved = await settings(cookies.admin, {
      emails: [" duty@obmen.example", "boss@obmen.example", "duty@obmen.example"],
      telegram_chat_id: "-1001234567890",
      telegram_bot_token: TOKEN,
      events: { low_reserve: false },
      language: "uk",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({
      emails: ["duty@obmen.example", "boss@obmen.example"],
      telegram_chat_id: "-1001234567890",
      telegram_token_set: true,
      telegram_token_masked: "123456789:…Dsaw",
      events: { new_order: true, paid_order: true, low_reserve: false },
      language: "uk",
    });
    const read = await settings(cookies.admin);
    expect(read.body.data).toEqual(saved.body.data);
    expect(JSON.stringify(read.body)).not.toContain("AAHdqTcv");

    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.alerts.update"));
    expect(audit?.after).toMatchObject({ telegram_token_masked: "123456789:…Dsaw" });
    expect(JSON.stringify([audit?.before, audit?.after])).not.toContain("AAHdqTcv");
    // Sealed at rest with a key from the server secret: the row alone does not yield it, and
    // only the sender opens it.
    const [row] = await api.db.select().from(consoleSettings);
    if (!row) throw new Error("the settings were not stored");
    expect(JSON.stringify(row.value)).not.toContain("AAHdqTcv");
    const sealed = (row.value as { telegramTokenSealed: string }).telegramTokenSealed;
    expect(api.deps.accountSecurity.alertsBox.open(sealed)).toBe(TOKEN);

    const cleared = await settings(cookies.admin, { telegram_bot_token: null });
    expect(cleared.body.data).toMatchObject({
      telegram_token_set: false,
      telegram_token_masked: null,
      telegram_chat_id: "-1001234567890",
    });
  });

  it("refuses operators and editors with 403, reading and writing", async () => {
    for (const cookie of [cookies.operator, cookies.editor]) {
      for (const result of [await settings(cookie), await settings(cookie, { emails: [] })]) {
        expect(result.status).toBe(403);
        expect(result.body.error).toMatchObject({ code: "FORBIDDEN", details: { reason: "role" } });
      }
    }
  });

  it("refuses a bad address, chat or token with the fields named, in the caller's language", async () => {
    const messages = new Set<string>();
    for (const lang of ["ru", "en", "uk"]) {
      const result = await settings(
        cookies.admin,
        {
          emails: ["not-an-address"],
          telegram_chat_id: "chat one",
          telegram_bot_token: "secret",
          events: { new_order: "yes" },
          language: "de",
        },
        lang,
      );
      expect(result.status).toBe(422);
      expect(result.body.error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(result.body.error.fields).sort()).toEqual([
        "emails.0",
        "events.new_order",
        "language",
        "telegram_bot_token",
        "telegram_chat_id",
      ]);
      messages.add(result.body.error.message);
    }
    expect(messages.size).toBe(3);
    const empty = await settings(cookies.admin, {});
    expect(empty.status).toBe(422);
    const unknown = await settings(cookies.admin, { webhook: "https://evil.example" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toHaveProperty("webhook");
  });
});
