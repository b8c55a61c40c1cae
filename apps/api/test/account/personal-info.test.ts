import { mailOutbox } from "@obmen/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import {
  callAs,
  signUpUser,
  startAccountDataApi,
  type TestUser,
} from "./support/account-data-kit.ts";

describe("personal info: /rest/user/form_fields and /rest/user/update_personal_info", () => {
  let api: TestApi;
  let user: TestUser;
  beforeAll(async () => {
    api = await startAccountDataApi();
    user = await signUpUser(api, "profile@example.com");
  });
  afterAll(() => api?.close());

  const update = (fields: { key: string; value: string }[], lang: "en" | "ru" | "uk" = "en") =>
    callAs(api, user, "/rest/user/update_personal_info", { fields }, { lang });
  const formFields = async (lang: "en" | "ru" | "uk" = "en") =>
    (await callAs(api, user, "/rest/user/form_fields", {}, { lang })).body.data as any[];
  const letters = async () => {
    const { rows } = await api.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${mailOutbox}`,
    );
    return rows[0]!.n;
  };

  it("describes the form in the request's language, the login e-mail included", async () => {
    expect(await formFields("ru")).toEqual([
      { key: "first_name", type: "text", label: "Имя", required: false, value: null },
      { key: "last_name", type: "text", label: "Фамилия", required: false, value: null },
      { key: "phone", type: "phone", label: "Телефон", required: false, value: null },
      { key: "telegram", type: "text", label: "Telegram", required: false, value: null },
      {
        key: "email",
        type: "email",
        label: "E-mail",
        required: true,
        value: "profile@example.com",
      },
    ]);
    expect((await formFields("uk"))[0].label).toBe("Ім’я");
    expect((await formFields("en"))[1].label).toBe("Last name");
  });

  it("saves the fields normalised; they show in the form and in the user", async () => {
    const saved = await update([
      { key: "first_name", value: "  Олена " },
      { key: "last_name", value: "Шевченко" },
      { key: "phone", value: "+380 (67) 123-45-67" },
      { key: "telegram", value: "https://t.me/olena_sh" },
      { key: "email", value: " Profile@Example.com " },
    ]);
    expect(saved.status, saved.text).toBe(200);
    // The login as it is: nothing to change, nothing mailed.
    expect(saved.body.data).toEqual({ login_change_sent: false });
    const values = Object.fromEntries(
      (await formFields()).map((field) => [field.key, field.value]),
    );
    expect(values).toEqual({
      first_name: "Олена",
      last_name: "Шевченко",
      phone: "+380671234567",
      telegram: "@olena_sh",
      email: "profile@example.com",
    });
    const info = await callAs(api, user, "/rest/user/info");
    expect(info.body.data.user).toMatchObject({
      first_name: "Олена",
      last_name: "Шевченко",
      phone: "+380671234567",
      telegram: "@olena_sh",
    });
  });

  it("changes only the fields given, and clears one given empty", async () => {
    const saved = await update([
      { key: "telegram", value: "" },
      { key: "last_name", value: "Коваленко" },
    ]);
    expect(saved.status).toBe(200);
    const values = Object.fromEntries(
      (await formFields()).map((field) => [field.key, field.value]),
    );
    expect(values).toMatchObject({ first_name: "Олена", last_name: "Коваленко", telegram: null });
    expect((await update([])).status).toBe(200);
  });

  it("refuses each bad field under fields.<key> in the request's language, and saves nothing", async () => {
    const mailed = await letters();
    const refused = await update(
      [
        { key: "first_name", value: "Должно не сохраниться" },
        { key: "last_name", value: "x".repeat(101) },
        { key: "phone", value: "8 912 345 67 89" },
        { key: "telegram", value: "@abc" },
        { key: "email", value: "not-an-address" },
        { key: "password", value: "x" },
      ],
      "ru",
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("VALIDATION_FAILED");
    expect(refused.body.error.fields).toEqual({
      "fields.last_name": "Слишком длинное значение",
      "fields.phone": expect.stringContaining("+"),
      "fields.telegram":
        "Имя пользователя в Telegram — от 5 до 32 латинских букв, цифр и подчёркиваний, например @obmen_support.",
      "fields.email": "Проверьте адрес e-mail.",
      "fields.password": "Пароль: неизвестное поле",
    });
    const values = Object.fromEntries(
      (await formFields()).map((field) => [field.key, field.value]),
    );
    expect(values.first_name).toBe("Олена");
    expect(await letters()).toBe(mailed);
  });

  it("refuses an empty login, a field given twice, and a malformed request", async () => {
    const empty = await update([{ key: "email", value: " " }]);
    expect(empty.body.error.fields).toEqual({ "fields.email": "E-mail is a required field" });
    const twice = await update([
      { key: "phone", value: "+380671234567" },
      { key: "phone", value: "+380671234568" },
    ]);
    expect(twice.body.error.fields).toEqual({ "fields.phone": "This field is given twice." });
    for (const payload of [
      {},
      { fields: "x" },
      { fields: [{ key: "phone" }] },
      { fields: [{ key: "phone", value: "1".repeat(321) }] },
      { fields: Array.from({ length: 11 }, () => ({ key: "phone", value: "" })) },
      { fields: [], extra: true },
    ]) {
      const result = await callAs(api, user, "/rest/user/update_personal_info", payload);
      expect(result.status, JSON.stringify(payload)).toBe(422);
    }
  });

  it("accepts Telegram handles as people give them", async () => {
    for (const [given, stored] of [
      ["@Obmen_Support", "@Obmen_Support"],
      ["obmen_support", "@obmen_support"],
      ["t.me/obmen_support", "@obmen_support"],
    ]) {
      expect((await update([{ key: "telegram", value: given! }])).status).toBe(200);
      const field = (await formFields()).find((each) => each.key === "telegram");
      expect(field.value).toBe(stored);
    }
    for (const bad of [
      "@ob",
      "@_obmen",
      "@obmen_",
      "@обмен_сервис",
      "@obmen support",
      "https://example.com/obmen",
    ]) {
      expect((await update([{ key: "telegram", value: bad }])).status, bad).toBe(422);
    }
  });
});
