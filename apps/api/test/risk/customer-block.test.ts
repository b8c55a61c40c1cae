import { auditLog, users } from "@obmen/db";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, logIn as logInCustomer, signUp } from "../account/support/account-kit.ts";
import {
  type AdminTestApi,
  adminCall,
  placeOrder,
  signInEveryRole,
  startAdminApi,
} from "../admin/support/admin-kit.ts";
import type { TestApi } from "../support/test-api.ts";

const EMAIL = "blocked.customer@example.com";

describe("a blocked customer (issue 29)", () => {
  let api: AdminTestApi;
  let operator: string;
  let desk: string;
  let customerApi: TestApi;
  beforeAll(async () => {
    api = await startAdminApi();
    customerApi = api as unknown as TestApi;
    ({ operator, desk } = await signInEveryRole(api));
  });
  afterAll(() => api.close());

  it("is found by e-mail or order number, and blocking ends their sessions, refuses their login and holds their orders until unblocked", async () => {
    const token = await signUp(customerApi, EMAIL);
    const sessions = () => call(customerApi, "/rest/user/session/list", {}, { token });
    expect((await sessions()).status).toBe(200);
    const uuid = await placeOrder(api, { email: EMAIL });

    const byEmail = await adminCall(api, "GET", "/admin/api/customers?q=BLOCKED.cust", {
      cookie: operator,
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data.items.map((item: { email: string }) => item.email)).toEqual([EMAIL]);
    const id: string = byEmail.body.data.items[0].id;
    const byOrder = await adminCall(api, "GET", `/admin/api/customers?q=${uuid}`, {
      cookie: operator,
    });
    expect(byOrder.body.data.items[0].id).toBe(id);
    const detail = await adminCall(api, "GET", `/admin/api/customers/${id}`, { cookie: operator });
    expect(
      detail.body.data.orders.map((order: { exchange_uuid: string }) => order.exchange_uuid),
    ).toEqual([uuid]);
    expect(detail.body.data.sessions).toHaveLength(1);

    const blocked = await adminCall(api, "POST", `/admin/api/customers/${id}/block`, {
      cookie: operator,
      body: { reason: "disputed payments" },
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect(blocked.body.data.blocked_reason).toBe("disputed payments");
    expect((await sessions()).status).toBe(401);
    const login = await logInCustomer(customerApi, EMAIL);
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe("ACCOUNT_BLOCKED");
    const wrong = await logInCustomer(customerApi, EMAIL, "not-the-password-at-all");
    expect(wrong.body.error.code).toBe("INVALID_CREDENTIALS");

    const held = await placeOrder(api, { email: "Blocked.Customer@example.com" });
    const view = await adminCall(api, "GET", `/admin/api/orders/${held}`, { cookie: desk });
    expect(view.body.data.exchange_status).toBe("hold");
    expect(view.body.data.risk_flags).toMatchObject([
      { source: "blocked_customer", reason: "disputed payments", details: { user_id: id } },
    ]);

    const unblocked = await adminCall(api, "POST", `/admin/api/customers/${id}/unblock`, {
      cookie: operator,
    });
    expect(unblocked.body.data.blocked_at).toBeNull();
    expect((await logInCustomer(customerApi, EMAIL)).status).toBe(200);
    const free = await placeOrder(api, { email: EMAIL });
    const freeView = await adminCall(api, "GET", `/admin/api/orders/${free}`, { cookie: desk });
    expect(freeView.body.data.exchange_status).toBe("new");

    const audit = await api.db.select().from(auditLog).where(like(auditLog.action, "customer.%"));
    expect(audit.map((row) => row.action)).toEqual(["customer.block", "customer.unblock"]);
    const [row] = await api.db.select().from(users).where(eq(users.id, id));
    expect(row!.blockedAt).toBeNull();
  });

  it("is the business's call: the desk role gets 403, an unknown customer 404", async () => {
    const forDesk = await adminCall(api, "GET", "/admin/api/customers?q=a", { cookie: desk });
    expect(forDesk.status).toBe(403);
    const unknown = await adminCall(
      api,
      "POST",
      `/admin/api/customers/${crypto.randomUUID()}/block`,
      { cookie: operator, body: { reason: "x" } },
    );
    expect(unknown.status).toBe(404);
  });
});
