import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestApi,
  adminCall,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

/**
 * Issue 26 point 6: the console's validation messages name the field as the operator reads it
 * and say why, in the operator's language; never an internal key (`emails.1`,
 * `telegram_chat_id`).
 */
describe("the console's validation messages", () => {
  let api: AdminTestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startAdminApi();
    ({ admin } = await signInEveryRole(api));
  });
  afterAll(() => api.close());

  const patchAlerts = (body: Record<string, unknown>, lang: "ru" | "en" | "uk") =>
    adminCall(api, "PATCH", "/admin/api/settings/alerts", { cookie: admin, body, lang });

  it("says which alert address is wrong and why, in ru, en and uk", async () => {
    const body = {
      emails: ["duty@obmen.example", "duty-at-obmen"],
      telegram_chat_id: "my chat",
      telegram_bot_token: "12345",
    };
    const expected = {
      ru: {
        "emails.1":
          "Адрес для оповещений № 2: это не адрес электронной почты. Нужен адрес вида name@example.com.",
        telegram_chat_id:
          "Чат Telegram: укажите числовой id чата (у группы он начинается с минуса, например -1001234567890) или имя канала через @.",
        telegram_bot_token:
          "Токен бота Telegram: токен выглядит как 123456789:AAE… — скопируйте его из BotFather целиком.",
      },
      en: {
        "emails.1":
          "Alert address No. 2 is not an e-mail address: it should look like name@example.com.",
        telegram_chat_id:
          "Telegram chat: give the chat’s numeric id (a group’s starts with a minus, e.g. -1001234567890) or a channel’s @name.",
        telegram_bot_token:
          "Telegram bot token looks like 123456789:AAE… — copy it from BotFather whole.",
      },
      uk: {
        "emails.1":
          "Адреса для сповіщень № 2: це не адреса електронної пошти. Потрібна адреса на зразок name@example.com.",
        telegram_chat_id:
          "Чат Telegram: вкажіть числовий id чату (у групи він починається з мінуса, наприклад -1001234567890) або ім’я каналу через @.",
        telegram_bot_token:
          "Токен бота Telegram: токен має вигляд 123456789:AAE… — скопіюйте його з BotFather повністю.",
      },
    } as const;
    for (const lang of ["ru", "en", "uk"] as const) {
      const refused = await patchAlerts(body, lang);
      expect(refused.status).toBe(422);
      expect(refused.body.error.fields).toEqual(expected[lang]);
    }
  });

  it("names every field of a console form, never by its key", async () => {
    const refused = await adminCall(api, "POST", "/admin/api/currencies", {
      cookie: admin,
      lang: "ru",
      body: {
        pay_system_id: "x",
        currency_code: 5,
        url_xml: null,
        kind: "crypto",
        decimals: 2,
        reserve: "1",
        send_min: "-1",
        fields: [{ side: "receive", key: "wallet", type: "text", label_ru: 5 }],
      },
    });
    expect(refused.status).toBe(422);
    const messages = Object.values(refused.body.error.fields as Record<string, string>);
    expect(messages.length).toBeGreaterThan(2);
    for (const message of messages) {
      expect(message).not.toMatch(/[a-z]+_[a-z]+|\b[a-z]+\.\d/);
    }
  });
});
