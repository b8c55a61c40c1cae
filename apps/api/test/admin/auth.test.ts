import { auditLog, operatorSessions, operators } from "@obmen/db";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentTotp } from "../../src/admin/auth/totp.ts";
import { ensureFirstAdmin } from "../../src/admin/operators/ensure-first-admin.ts";
import {
  type AdminTestApi,
  addOperator,
  adminCall,
  logIn,
  PASSWORD,
  sessionCookie,
  startAdminApi,
} from "./support/admin-kit.ts";

describe("console sign-in, session cookie, sign-out", () => {
  let api: AdminTestApi;
  beforeAll(async () => {
    api = await startAdminApi();
    await addOperator(api, "Desk@Obmen.example", "operator");
  });
  afterAll(() => api.close());

  it("signs in with a normalised e-mail, sets an HttpOnly SameSite=Strict cookie on /admin", async () => {
    const result = await adminCall(api, "POST", "/admin/api/login", {
      body: { email: "  DESK@obmen.example ", password: PASSWORD },
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      data: {
        operator: {
          id: expect.any(String),
          email: "desk@obmen.example",
          role: "operator",
          totp_enabled: false,
          totp_enrolment_required: false,
        },
      },
    });
    const cookie = String(result.headers["set-cookie"]);
    expect(cookie).toMatch(/^obmen_admin_session=[a-z2-7]{32}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/admin");
    // APP_URL is https in this harness.
    expect(cookie).toContain("Secure");
    // Only the token's SHA-256 is stored.
    const token = sessionCookie(result).split("=")[1]!;
    const stored = await api.db.select().from(operatorSessions);
    expect(stored.some((session) => session.tokenHash === token)).toBe(false);
    expect(stored.every((session) => /^[0-9a-f]{64}$/.test(session.tokenHash))).toBe(true);
  });

  it("answers me with the session, and 401 after logout", async () => {
    const cookie = await logIn(api, "desk@obmen.example");
    const me = await adminCall(api, "GET", "/admin/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.body.data.operator.email).toBe("desk@obmen.example");

    const out = await adminCall(api, "POST", "/admin/api/logout", { cookie });
    expect(out.status).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/Max-Age=0/);
    const after = await adminCall(api, "GET", "/admin/api/me", { cookie });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("UNAUTHORIZED");
  });

  it("refuses a wrong password and an unknown address with the same answer, in the request's language", async () => {
    const wrong = await adminCall(api, "POST", "/admin/api/login", {
      body: { email: "desk@obmen.example", password: "not-the-password" },
      lang: "ru",
    });
    const unknown = await adminCall(api, "POST", "/admin/api/login", {
      body: { email: "nobody@obmen.example", password: "not-the-password" },
      lang: "ru",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toEqual({
      code: "INVALID_CREDENTIALS",
      message: "Неверный e-mail или пароль.",
      fields: { password: "Неверный e-mail или пароль." },
    });
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    const [audit] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "login_failed"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    // The operator's own failed attempt is in their history; a stranger's address is not kept.
    expect(audit?.after).toEqual({ email: "desk@obmen.example", reason: "password" });
    const strangers = await api.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.after}->>'email' = 'nobody@obmen.example'`);
    expect(strangers).toEqual([]);
  });

  it("refuses a malformed body with 422 naming the field, and bad JSON with 400", async () => {
    const missing = await adminCall(api, "POST", "/admin/api/login", {
      body: { email: "desk@obmen.example" },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(missing.body.error.fields)).toEqual(["password"]);

    const extra = await adminCall(api, "POST", "/admin/api/login", {
      body: { email: "desk@obmen.example", password: PASSWORD, role: "admin" },
    });
    expect(extra.status).toBe(422);
    expect(extra.body.error.fields).toHaveProperty("role");

    const broken = await api.app.inject({
      method: "POST",
      url: "/admin/api/login",
      headers: { "content-type": "application/json", origin: "https://obmen.example" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe("BAD_ENVELOPE");
  });

  it("refuses a body too large (413) or not JSON (415) before reading it", async () => {
    const huge = await api.app.inject({
      method: "POST",
      url: "/admin/api/login",
      headers: { "content-type": "application/json", origin: "https://obmen.example" },
      payload: JSON.stringify({ email: "desk@obmen.example", password: "x".repeat(100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    const text = await api.app.inject({
      method: "POST",
      url: "/admin/api/login",
      headers: { "content-type": "text/plain", origin: "https://obmen.example" },
      payload: "email=desk@obmen.example",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("ends sessions of a disabled operator and refuses their login", async () => {
    const operator = await addOperator(api, "leaver@obmen.example", "operator");
    const cookie = await logIn(api, "leaver@obmen.example");
    await api.db
      .update(operators)
      .set({ disabledAt: new Date() })
      .where(eq(operators.id, operator.id));
    expect((await adminCall(api, "GET", "/admin/api/me", { cookie })).status).toBe(401);
    const again = await adminCall(api, "POST", "/admin/api/login", {
      body: { email: "leaver@obmen.example", password: PASSWORD },
    });
    expect(again.status).toBe(401);
  });

  it("changing one's password ends the operator's other sessions, not this one", async () => {
    await addOperator(api, "mover@obmen.example", "operator");
    const first = await logIn(api, "mover@obmen.example");
    const second = await logIn(api, "mover@obmen.example");
    const changed = await adminCall(api, "POST", "/admin/api/me/password", {
      cookie: second,
      body: { old_password: PASSWORD, new_password: "copper-meadow-58" },
    });
    expect(changed.status).toBe(200);
    expect((await adminCall(api, "GET", "/admin/api/me", { cookie: first })).status).toBe(401);
    expect((await adminCall(api, "GET", "/admin/api/me", { cookie: second })).status).toBe(200);
    await logIn(api, "mover@obmen.example", "copper-meadow-58");
  });
});

describe("login rate limit", () => {
  let api: AdminTestApi;
  beforeAll(async () => {
    api = await startAdminApi();
    await addOperator(api, "target@obmen.example", "admin");
  });
  afterAll(() => api.close());

  it("answers 429 after ten failures for one e-mail from one address, even with the right password", async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const result = await adminCall(api, "POST", "/admin/api/login", {
        body: { email: "target@obmen.example", password: `guess-number-${attempt}` },
      });
      expect(result.status).toBe(401);
    }
    const blocked = await adminCall(api, "POST", "/admin/api/login", {
      body: { email: "target@obmen.example", password: PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("RATE_LIMITED");
    expect(blocked.body.error.details.retry_after).toBeGreaterThan(0);
    expect(blocked.headers["retry-after"]).toBe(String(blocked.body.error.details.retry_after));
  });
});

describe("TOTP second factor", () => {
  let api: AdminTestApi;
  beforeAll(async () => {
    api = await startAdminApi({ admin: { requireAdminTotp: true } });
  });
  afterAll(() => api.close());

  it("makes an admin enrol before anything else, then asks every login for a fresh code", async () => {
    await ensureFirstAdmin({ db: api.db, email: "Boss@obmen.example", password: PASSWORD });
    // A second start finds the admin and leaves it as it is.
    expect(
      await ensureFirstAdmin({
        db: api.db,
        email: "boss@obmen.example",
        password: "other-pass-123",
      }),
    ).toBe("exists");
    const cookie = await logIn(api, "boss@obmen.example");
    const me = await adminCall(api, "GET", "/admin/api/me", { cookie });
    expect(me.body.data.operator.totp_enrolment_required).toBe(true);
    const blocked = await adminCall(api, "GET", "/admin/api/orders", { cookie });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.details).toEqual({ reason: "totp_enrolment_required" });

    const started = await adminCall(api, "POST", "/admin/api/me/totp", { cookie });
    expect(started.status).toBe(200);
    const secret: string = started.body.data.secret;
    expect(started.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);

    const wrong = await adminCall(api, "POST", "/admin/api/me/totp/confirm", {
      cookie,
      body: { totp: "000000" === currentTotp(secret) ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toHaveProperty("totp");

    const confirmed = await adminCall(api, "POST", "/admin/api/me/totp/confirm", {
      cookie,
      body: { totp: currentTotp(secret) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.operator).toMatchObject({
      totp_enabled: true,
      totp_enrolment_required: false,
    });
    expect((await adminCall(api, "GET", "/admin/api/orders", { cookie })).status).toBe(200);

    // Without a code: the password was right, so the answer asks for the code.
    const noCode = await adminCall(api, "POST", "/admin/api/login", {
      body: { email: "boss@obmen.example", password: PASSWORD },
    });
    expect(noCode.status).toBe(401);
    expect(noCode.body.error.details).toEqual({ totp_required: true });
    expect(noCode.body.error.fields).toHaveProperty("totp");

    // The code that confirmed enrolment was used; the next step's code signs in, once.
    const next = currentTotp(secret, Date.now() + 30_000);
    await logIn(api, "boss@obmen.example", PASSWORD, next);
    const replay = await adminCall(api, "POST", "/admin/api/login", {
      body: { email: "boss@obmen.example", password: PASSWORD, totp: next },
    });
    expect(replay.status).toBe(401);

    // An enrolled factor cannot be replaced from a session.
    const again = await adminCall(api, "POST", "/admin/api/me/totp", { cookie });
    expect(again.status).toBe(409);
  });
});
