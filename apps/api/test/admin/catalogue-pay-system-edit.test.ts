import type { AdminPaySystem } from "@obmen/contracts";
import { auditLog, operators } from "@obmen/db";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPair } from "../support/orders.ts";
import { SITE_ICONS } from "../support/site-icons.ts";
import { callApi } from "../support/test-api.ts";
import {
  type AdminTestApi,
  adminCall,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

/** An operator fixes a pay system's names or icon; customers read the new ones at once. */
describe("editing a pay system in the console", () => {
  let api: AdminTestApi;
  let cookie: string;
  let sber: AdminPaySystem;
  let bitcoin: AdminPaySystem;
  beforeAll(async () => {
    api = await startAdminApi();
    cookie = (await signInEveryRole(api)).operator;
    const list = await adminCall(api, "GET", "/admin/api/pay-systems", { cookie });
    const items: AdminPaySystem[] = list.body.data.items;
    // The demo catalogue: Sberbank sells RUB (SBERRUB), Bitcoin is a network of its own.
    sber = items.find((item) => item.name === "Sberbank")!;
    bitcoin = items.find((item) => item.name === "Bitcoin")!;
    expect(sber && bitcoin, JSON.stringify(items)).toBeTruthy();
  });
  afterAll(() => api.close());

  const patch = (id: number, body: unknown, lang = "en") =>
    adminCall(api, "PATCH", `/admin/api/pay-systems/${id}`, { cookie, body, lang });
  const sberName = async (lang: "ru" | "en" | "uk") => {
    const pairs = (await callApi(api.app, "/rest/currency_pair/list", {}, { lang })).body.data;
    const pair = findPair(pairs, "BTC", "SBERRUB");
    return pair.currency_pair.receive_currency.pay_system;
  };

  it("renames and re-icons: audited with before/after, public at once in each language", async () => {
    // Read first in each language, so the cached pair lists are warm and must be dropped by
    // the change.
    for (const lang of ["ru", "en", "uk"] as const) await sberName(lang);
    const result = await patch(sber.id, {
      name_ru: "  СберБанк  ",
      name_uk: "Сбер",
      icon: "/icons/tbank.svg",
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toEqual({
      ...sber,
      name_ru: "СберБанк",
      name_uk: "Сбер",
      icon: "/icons/tbank.svg",
    });

    const [audit] = await api.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const [actor] = await api.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.email, "operator@obmen.example"));
    expect(audit).toMatchObject({
      operatorId: actor!.id,
      action: "pay_system.update",
      targetType: "pay_system",
      targetId: String(sber.id),
      before: { name_ru: sber.name_ru, name_uk: sber.name_uk, icon: sber.icon },
      after: { name_ru: "СберБанк", name_uk: "Сбер", icon: "/icons/tbank.svg" },
    });

    expect(await sberName("ru")).toMatchObject({ name: "СберБанк", icon: "/icons/tbank.svg" });
    expect((await sberName("uk")).name).toBe("Сбер");
    expect((await sberName("en")).name).toBe(sber.name_en ?? "Sberbank");
  });

  it("clears a language's name with null: customers then read the operator's name", async () => {
    const renamed = await patch(sber.id, { name: "Sber", name_ru: null });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: "Sber", name_ru: null });
    expect((await sberName("ru")).name).toBe("Sber");
  });

  it("is in the console's OpenAPI document: names and icon, never the network code", async () => {
    const response = await api.app.inject({ method: "GET", url: "/admin/api/openapi.json" });
    const operation = response.json().paths["/admin/api/pay-systems/{id}"].patch;
    expect(operation["x-roles"]).toEqual(["admin", "operator"]);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      "id",
    ]);
    const body = operation.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties).sort()).toEqual([
      "icon",
      "name",
      "name_en",
      "name_ru",
      "name_uk",
    ]);
    expect(body.additionalProperties).toBe(false);
    // Only an icon the site serves: the document says where the list is.
    expect(body.properties.icon.description).toContain("GET /admin/api/icons");
    // It answers with the whole pay system, network code included.
    const answer = operation.responses["200"].content["application/json"].schema;
    expect(Object.keys(answer.properties.data.properties)).toContain("network_code");
  });

  it("refuses a taken name, a bad icon, unknown keys and nothing to change, in the error shape", async () => {
    const taken = await patch(sber.id, { name: "Bitcoin" }, "ru");
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("CONFLICT");
    expect(taken.body.error.fields.name).toBe("Это имя уже занято.");

    // Its own name again is no conflict.
    expect((await patch(bitcoin.id, { name: "Bitcoin" })).status).toBe(200);

    for (const [body, field] of [
      [{ icon: "https://evil.example/x.svg" }, "icon"],
      [{ name: "   " }, "name"],
      [{ name: null }, "name"],
      [{ icon: null }, "icon"],
      [{ name_en: "x".repeat(101) }, "name_en"],
      [{ network_code: "TRC20" }, null],
      [{}, null],
    ] as const) {
      const result = await patch(sber.id, body);
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.error.code, JSON.stringify(body)).toBe("VALIDATION_FAILED");
      if (field)
        expect(Object.keys(result.body.error.fields), JSON.stringify(body)).toEqual([field]);
    }

    // An id that names no row, or is no row id at all: not found, in the error shape.
    for (const id of [999_999, 0]) {
      const missing = await patch(id, { icon: "/icons/kaspi.svg" });
      expect(missing.status, String(id)).toBe(404);
      expect(missing.body.error.code).toBe("NOT_FOUND");
    }

    // Nothing refused changed the row.
    const list = await adminCall(api, "GET", "/admin/api/pay-systems", { cookie });
    expect(list.body.data.items.find((item: AdminPaySystem) => item.id === sber.id)).toMatchObject({
      name: "Sber",
      icon: "/icons/tbank.svg",
    });
  });

  it("lists the icons the site serves to desk operators", async () => {
    const listed = await adminCall(api, "GET", "/admin/api/icons", { cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data.items).toEqual(SITE_ICONS);
    expect(listed.body.data.items).toContain("/icons/kaspi.svg");
  });

  it("refuses an icon the site does not serve, in the operator's language, changing nothing", async () => {
    const before = (await adminCall(api, "GET", "/admin/api/pay-systems", { cookie })).body.data
      .items as AdminPaySystem[];
    const [lastAudit] = await api.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const messages = {
      ru: "Такой иконки на сайте нет: выберите одну из списка.",
      en: "The site has no such icon: choose one from the list.",
      uk: "Такої іконки на сайті немає: виберіть одну зі списку.",
    };
    for (const [lang, message] of Object.entries(messages)) {
      // A typo of a real one, a path shaped like an icon, and an icon with a new name.
      for (const icon of ["/icons/kaspi.svgg", "/icons/x.svg", "/icons/sber-2024.svg"]) {
        const edited = await patch(sber.id, { name: "Sber 2", icon }, lang);
        const created = await adminCall(api, "POST", "/admin/api/pay-systems", {
          cookie,
          lang,
          body: { name: `New ${icon}`, icon },
        });
        for (const result of [edited, created]) {
          expect(result.status, `${lang} ${icon}`).toBe(422);
          expect(result.body.error.code).toBe("VALIDATION_FAILED");
          expect(result.body.error.fields).toEqual({ icon: message });
        }
      }
    }
    // Neither a row nor an audit entry was written.
    const after = (await adminCall(api, "GET", "/admin/api/pay-systems", { cookie })).body.data
      .items;
    expect(after).toEqual(before);
    const [audit] = await api.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.id).toBe(lastAudit?.id);

    // A served icon passes, on create and on edit.
    const created = await adminCall(api, "POST", "/admin/api/pay-systems", {
      cookie,
      body: { name: "Kaspi Gold", icon: "/icons/kaspi.svg" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.icon).toBe("/icons/kaspi.svg");
    const edited = await patch(created.body.data.id, { icon: "/icons/monobank.svg" });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.icon).toBe("/icons/monobank.svg");
  });
});
