import { AdminAuditEntry, AdminOperator } from "@obmen/contracts";
import { auditLog } from "@obmen/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestApi,
  adminCall,
  logIn,
  PASSWORD,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

describe("operators and the audit log (admin only)", () => {
  let api: AdminTestApi;
  let admin: string;
  let adminId: string;
  beforeAll(async () => {
    api = await startAdminApi();
    admin = (await signInEveryRole(api)).admin;
    adminId = (await adminCall(api, "GET", "/admin/api/me", { cookie: admin })).body.data.operator
      .id;
  });
  afterAll(() => api.close());

  it("creates an operator who can then sign in with their role", async () => {
    const created = await adminCall(api, "POST", "/admin/api/operators", {
      cookie: admin,
      body: { email: " New.Desk@Obmen.example", password: "juniper-lantern-33", role: "operator" },
    });
    expect(created.status).toBe(200);
    expect(AdminOperator.parse(created.body.data)).toMatchObject({
      email: "new.desk@obmen.example",
      role: "operator",
      totp_enabled: false,
      disabled_at: null,
    });
    const cookie = await logIn(api, "new.desk@obmen.example", "juniper-lantern-33");
    expect((await adminCall(api, "GET", "/admin/api/orders", { cookie })).status).toBe(200);
    expect((await adminCall(api, "GET", "/admin/api/operators", { cookie })).status).toBe(403);

    const list = await adminCall(api, "GET", "/admin/api/operators", { cookie: admin });
    expect(list.body.data.items.map((item: AdminOperator) => item.email)).toContain(
      "new.desk@obmen.example",
    );
    expect(JSON.stringify(list.body)).not.toContain("argon2");
  });

  it("refuses a taken e-mail (409), a weak password, a bad address and an unknown role (422)", async () => {
    const taken = await adminCall(api, "POST", "/admin/api/operators", {
      cookie: admin,
      body: { email: "NEW.desk@obmen.example", password: "juniper-lantern-33", role: "editor" },
    });
    expect(taken.status).toBe(409);
    expect(Object.keys(taken.body.error.fields)).toEqual(["email"]);

    const weak = await adminCall(api, "POST", "/admin/api/operators", {
      cookie: admin,
      body: { email: "not-an-address", password: "short", role: "editor" },
    });
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.body.error.fields).sort()).toEqual(["email", "password"]);

    const role = await adminCall(api, "POST", "/admin/api/operators", {
      cookie: admin,
      body: { email: "x@obmen.example", password: "juniper-lantern-33", role: "root" },
    });
    expect(role.status).toBe(422);
    expect(Object.keys(role.body.error.fields)).toEqual(["role"]);
  });

  it("disables an operator (their sessions end) and never lets an admin lock themselves out", async () => {
    const list = await adminCall(api, "GET", "/admin/api/operators", { cookie: admin });
    const editor = list.body.data.items.find((item: AdminOperator) => item.role === "editor");
    const editorCookie = await logIn(api, editor.email, PASSWORD);
    const disabled = await adminCall(api, "PATCH", `/admin/api/operators/${editor.id}`, {
      cookie: admin,
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.disabled_at).not.toBeNull();
    expect((await adminCall(api, "GET", "/admin/api/me", { cookie: editorCookie })).status).toBe(
      401,
    );

    for (const body of [{ disabled: true }, { role: "operator" }]) {
      const self = await adminCall(api, "PATCH", `/admin/api/operators/${adminId}`, {
        cookie: admin,
        body,
      });
      expect(self.status).toBe(409);
    }
    const missing = await adminCall(api, "PATCH", `/admin/api/operators/${crypto.randomUUID()}`, {
      cookie: admin,
      body: { role: "editor" },
    });
    expect(missing.status).toBe(404);
  });

  it("records every change and sign-in in the audit log, newest first, with who and from where", async () => {
    const result = await adminCall(api, "GET", "/admin/api/audit", { cookie: admin });
    expect(result.status).toBe(200);
    const items = result.body.data.items.map((item: unknown) => AdminAuditEntry.parse(item));
    expect(result.body.data.total).toBe(items.length);
    const actions = items.map((item: AdminAuditEntry) => item.action);
    expect(actions.slice(0, 2)).toEqual(["operator.update", "login"]);
    expect(actions).toContain("operator.create");
    expect(actions.filter((action: string) => action === "login").length).toBeGreaterThanOrEqual(4);
    const update = items[0]!;
    expect(update).toMatchObject({
      actor: { id: adminId, email: "admin@obmen.example" },
      target_type: "operator",
      before: { disabled: false },
      after: { disabled: true },
      ip: "127.0.0.1",
    });
    expect(
      (await adminCall(api, "GET", "/admin/api/audit?page=2", { cookie: admin })).body.data.items,
    ).toEqual([]);
    expect(
      (await adminCall(api, "GET", "/admin/api/audit?page=-1", { cookie: admin })).status,
    ).toBe(400);
  });
});

describe("the audit log in the database", () => {
  let api: AdminTestApi;
  beforeAll(async () => {
    api = await startAdminApi({ seed: false });
    await signInEveryRole(api);
  });
  afterAll(() => api.close());

  it("refuses to change, delete or truncate what was written (append-only)", async () => {
    const before = await api.db.select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);
    for (const statement of [
      sql`update audit_log set action = 'nothing happened'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const refused = await api.db.execute(statement).then(
        () => null,
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
      expect(refused).toMatch(/audit_log is append-only/);
    }
    expect(await api.db.select().from(auditLog)).toEqual(before);
  });
});
