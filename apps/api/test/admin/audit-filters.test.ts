import { AdminAuditListResponse } from "@obmen/contracts";
import { auditLog } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestApi,
  adminCall,
  completeOrder,
  placeOrder,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

/** Issue 26 point 10: the audit log narrowed by operator, object, action and a range of days. */
describe("the audit log's filters", () => {
  let api: AdminTestApi;
  let cookies: Awaited<ReturnType<typeof signInEveryRole>>;
  let operatorId: string;
  let uuid: string;
  beforeAll(async () => {
    api = await startAdminApi();
    cookies = await signInEveryRole(api);
    operatorId = (await adminCall(api, "GET", "/admin/api/me", { cookie: cookies.operator })).body
      .data.operator.id;
    uuid = await placeOrder(api, { paid: true });
    await completeOrder(api, uuid, cookies.operator);
    // One row of the day before yesterday, to fall outside a range.
    await api.db.insert(auditLog).values({
      operatorId: null,
      action: "login_failed",
      ip: "203.0.113.7",
      createdAt: new Date(Date.now() - 2 * 86_400_000),
    });
  });
  afterAll(() => api.close());

  const audit = async (query: string, lang = "en") => {
    const result = await adminCall(api, "GET", `/admin/api/audit?${query}`, {
      cookie: cookies.admin,
      lang,
    });
    return result;
  };
  const items = async (query: string) => {
    const result = await audit(query);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return AdminAuditListResponse.parse(result.body).data;
  };

  it("filters by operator, object, action and days, each alone and together", async () => {
    const everything = await items("page=1");
    expect(everything.total).toBeGreaterThan(3);

    const byOperator = await items(`operator=${operatorId}`);
    expect(byOperator.items.length).toBeGreaterThan(0);
    expect(byOperator.items.every((row) => row.actor?.id === operatorId)).toBe(true);

    const byOrder = await items(`target_type=order&target_id=${uuid}`);
    expect(byOrder.items.map((row) => row.after?.status)).toEqual(["completed", "processing"]);
    expect(byOrder.total).toBe(2);

    const byAction = await items("action=login");
    expect(byAction.items.length).toBeGreaterThan(0);
    expect(byAction.items.every((row) => row.action === "login")).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const todays = await items(`from=${today}&to=${today}`);
    expect(todays.total).toBe(everything.total - 1);
    expect(todays.items.some((row) => row.action === "login_failed")).toBe(false);

    const together = await items(`operator=${operatorId}&action=order.status&from=${today}`);
    expect(together.total).toBe(2);
    expect(await items("action=order.status&target_type=currency")).toMatchObject({ total: 0 });
  });

  it("refuses a reversed range or a malformed filter with 400 under its name, in ru", async () => {
    const reversed = await audit("from=2026-11-20&to=2026-11-10", "ru");
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.code).toBe("INVALID_QUERY");
    expect(reversed.body.error.fields).toEqual({
      to: "Конец периода раньше его начала: поменяйте даты местами.",
    });
    for (const query of [
      "operator=nobody",
      "from=28.11.2026",
      "target_type=planet",
      "action=DROP",
    ]) {
      const bad = await audit(query, "ru");
      expect(bad.status, query).toBe(400);
      expect(Object.keys(bad.body.error.fields)).toEqual([query.split("=")[0]]);
    }
  });
});
