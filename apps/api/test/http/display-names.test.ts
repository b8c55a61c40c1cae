import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callAs,
  currencyId,
  signUpUser,
  type TestUser,
} from "../account/support/account-data-kit.ts";
import {
  type AdminTestApi,
  addOperator,
  adminCall,
  logIn as logInOperator,
  startAdminApi,
} from "../admin/support/admin-kit.ts";
import type { TestApi } from "../support/test-api.ts";

// Issue 26 point 5: names other people read refused right-to-left overrides and runs of
// zero-width characters nowhere. Now one rule (packages/domain displayNameProblem) answers
// 422 under the field, with a sentence that says why, in every call that takes a name.
const RLO = "\u202e"; // RIGHT-TO-LEFT OVERRIDE: "‮lanac" reads as "canal"
const ZERO_WIDTH = "\u200b\u200c\u200d\u2060";
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe("names with bidi controls or nothing visible", () => {
  let admin: AdminTestApi;
  let api: TestApi;
  let user: TestUser;
  let cookie: string;
  beforeAll(async () => {
    admin = await startAdminApi();
    api = admin as unknown as TestApi;
    user = await signUpUser(api, "names@example.com");
    await addOperator(admin, "names-admin@obmen.example", "admin");
    cookie = await logInOperator(admin, "names-admin@obmen.example");
  });
  afterAll(() => admin?.close());

  const refusedUnder = (result: { status: number; body: any }, field: string) => {
    expect(result.status, JSON.stringify(result.body)).toBe(422);
    expect(result.body.error.code).toBe("VALIDATION_FAILED");
    return result.body.error.fields[field] as string;
  };

  it("a wallet's label", async () => {
    const usdt = await currencyId(api, "USDTTRC20");
    const create = (label: string) =>
      callAs(
        api,
        user,
        "/rest/user/wallet/create",
        { currency_id: usdt, value: TRON_ADDRESS, label },
        { lang: "en" },
      );
    expect(refusedUnder(await create(`My ${RLO}tellaw`), "label")).toContain("text-direction");
    expect(refusedUnder(await create(ZERO_WIDTH), "label")).toContain("no visible characters");
    expect((await create("My wallet")).status).toBe(200);
  });

  it("a referral channel's name, in the caller's language", async () => {
    const create = (name: string) =>
      callAs(api, user, "/rest/ref_channel/create", { name }, { lang: "ru" });
    expect(refusedUnder(await create(`${RLO}golB`), "name")).toContain("направления текста");
    expect(refusedUnder(await create(ZERO_WIDTH), "name")).toContain("видимого символа");
    expect((await create("Блог")).status).toBe(200);
  });

  it("a profile's first and last name", async () => {
    const update = (key: string, value: string) =>
      callAs(
        api,
        user,
        "/rest/user/update_personal_info",
        { fields: [{ key, value }] },
        { lang: "uk" },
      );
    expect(refusedUnder(await update("first_name", `Ivan${RLO}`), "fields.first_name")).toContain(
      "напрямку тексту",
    );
    expect(refusedUnder(await update("last_name", ZERO_WIDTH), "fields.last_name")).toContain(
      "видимого символу",
    );
  });

  it("a pay system's name in the console", async () => {
    const create = (name: string) =>
      adminCall(admin, "POST", "/admin/api/pay-systems", {
        cookie,
        lang: "en",
        body: { name, icon: "/icons/kaspi.svg" },
      });
    expect(refusedUnder(await create(`Kaspi${RLO}`), "name")).toContain("text-direction");
    expect(refusedUnder(await create(ZERO_WIDTH), "name")).toContain("no visible characters");
  });
});
