import { OPERATOR_ROLES, type OperatorRole } from "@obmen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminRouteDoc } from "../../src/admin/http/admin-route.ts";
import {
  type AdminTestApi,
  adminCall,
  logIn,
  placeOrder,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

/**
 * Who may make each console call: the one table this test holds the server to. A route the
 * server declares that is missing here fails the test, so a new call cannot ship without a
 * decision on its roles (issue 14: "a new route without a role rule fails the test").
 */
/** The order desk: the one part of the console a `desk` operator reaches (decision 062). */
const DESK = ["admin", "operator", "desk"] as const;

const ROLE_RULES: Record<string, "public" | readonly OperatorRole[]> = {
  "POST /admin/api/login": "public",
  "POST /admin/api/logout": OPERATOR_ROLES,
  "GET /admin/api/me": OPERATOR_ROLES,
  "POST /admin/api/me/totp": OPERATOR_ROLES,
  "POST /admin/api/me/totp/confirm": OPERATOR_ROLES,
  "POST /admin/api/me/password": OPERATOR_ROLES,
  "GET /admin/api/orders": DESK,
  "GET /admin/api/orders/{uuid}": DESK,
  "POST /admin/api/orders/{uuid}/status": DESK,
  "GET /admin/api/orders/{uuid}/receipts/{id}": DESK,
  "GET /admin/api/dashboard": ["admin", "operator"],
  "GET /admin/api/orders/{uuid}/recalculation": DESK,
  "POST /admin/api/orders/{uuid}/recalculate": DESK,
  "GET /admin/api/currencies": ["admin", "operator"],
  "PATCH /admin/api/currencies/{id}": ["admin", "operator"],
  "GET /admin/api/pairs": ["admin", "operator"],
  "PATCH /admin/api/pairs/{id}": ["admin", "operator"],
  "POST /admin/api/pairs": ["admin", "operator"],
  "GET /admin/api/rate-sources": ["admin", "operator"],
  "POST /admin/api/rate-sources/preview": ["admin", "operator"],
  "POST /admin/api/pairs/{id}/confirm-rate": ["admin", "operator"],
  "GET /admin/api/pairs/{id}/rate-history": ["admin", "operator"],
  "POST /admin/api/currencies": ["admin", "operator"],
  "PUT /admin/api/currencies/{id}/fields": ["admin", "operator"],
  "GET /admin/api/icons": ["admin", "operator"],
  "GET /admin/api/pay-systems": ["admin", "operator"],
  "POST /admin/api/pay-systems": ["admin", "operator"],
  "PATCH /admin/api/pay-systems/{id}": ["admin", "operator"],
  "GET /admin/api/operators": ["admin"],
  "POST /admin/api/operators": ["admin"],
  "PATCH /admin/api/operators/{id}": ["admin"],
  "GET /admin/api/audit": ["admin"],
  "GET /admin/api/settings/alerts": ["admin"],
  "PATCH /admin/api/settings/alerts": ["admin"],
  "POST /admin/api/settings/alerts/test": ["admin"],
  "GET /admin/api/alerts": ["admin"],
  "GET /admin/api/withdrawals": ["admin", "operator"],
  "POST /admin/api/withdrawals/{id}/status": ["admin", "operator"],
  "GET /admin/api/partners": ["admin", "operator"],
  "GET /admin/api/content": ["admin", "editor"],
  "GET /admin/api/content/{id}": ["admin", "editor"],
  "POST /admin/api/content": ["admin", "editor"],
  "PATCH /admin/api/content/{id}": ["admin", "editor"],
  "GET /admin/api/blacklist": ["admin", "operator"],
  "POST /admin/api/blacklist": ["admin", "operator"],
  "DELETE /admin/api/blacklist/{id}": ["admin", "operator"],
  "GET /admin/api/customers": ["admin", "operator"],
  "GET /admin/api/customers/{id}": ["admin", "operator"],
  "POST /admin/api/customers/{id}/block": ["admin", "operator"],
  "POST /admin/api/customers/{id}/unblock": ["admin", "operator"],
  "GET /admin/api/orders/export.csv": ["admin", "operator"],
};

const key = (doc: Pick<AdminRouteDoc, "method" | "path">) => `${doc.method} ${doc.path}`;

describe("the console's role check, route by route", () => {
  let api: AdminTestApi;
  let cookies: Record<OperatorRole, string>;
  let url: (path: string) => string;
  beforeAll(async () => {
    api = await startAdminApi();
    cookies = await signInEveryRole(api);
    const order = await placeOrder(api);
    // Real ids, so an allowed role reaches the handler (a 404 would say nothing about roles).
    url = (path) =>
      path
        .replace("{uuid}", order)
        .replace(
          "{id}",
          path.includes("operators") || path.includes("customers") ? crypto.randomUUID() : "1",
        );
  });
  afterAll(() => api.close());

  it("declares exactly the calls in the table, each with the table's roles", () => {
    const declared = Object.fromEntries(api.docs.admin.map((doc) => [key(doc), doc.role]));
    expect(declared).toEqual(ROLE_RULES);
  });

  it("answers 401 to an anonymous caller and 403 to a role not in the rule, in the error shape", async () => {
    for (const doc of api.docs.admin) {
      if (doc.role === "public") continue;
      const anonymous = await adminCall(api, doc.method, url(doc.path), { body: {} });
      expect(anonymous.status, key(doc)).toBe(401);
      expect(anonymous.body.error.code).toBe("UNAUTHORIZED");
      expect(typeof anonymous.body.error.message).toBe("string");

      for (const role of OPERATOR_ROLES) {
        // Logging out ends the session; it gets a session of its own.
        const cookie = doc.path.endsWith("/logout")
          ? await logIn(api, `${role}@obmen.example`)
          : cookies[role];
        const result = await adminCall(api, doc.method, url(doc.path), {
          cookie,
          body: {},
        });
        if (doc.role.includes(role)) {
          expect([401, 403], `${key(doc)} as ${role}`).not.toContain(result.status);
        } else {
          expect(result.status, `${key(doc)} as ${role}`).toBe(403);
          expect(result.body.error.code).toBe("FORBIDDEN");
          expect(result.body.error.details).toEqual({ reason: "role" });
        }
      }
    }
  });

  it("refuses a state-changing call from a foreign origin with 403, before anything else", async () => {
    for (const doc of api.docs.admin) {
      if (doc.method === "GET") continue;
      for (const origin of ["https://evil.example", "null", "http://obmen.example"]) {
        const result = await adminCall(api, doc.method, url(doc.path), {
          cookie: cookies.admin,
          origin,
          body: {},
        });
        expect(result.status, `${key(doc)} from ${origin}`).toBe(403);
        expect(result.body.error.details).toEqual({ reason: "origin" });
      }
    }
    // A browser that sends no Origin but says the request is another site's is refused too.
    const crossSite = await api.app.inject({
      method: "POST",
      url: "/admin/api/logout",
      headers: { cookie: cookies.editor, "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("serves its OpenAPI document with every call and its roles", async () => {
    const response = await api.app.inject({ method: "GET", url: "/admin/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const documented = Object.entries(document.paths as Record<string, Record<string, any>>)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [
          `${method.toUpperCase()} ${path}`,
          operation["x-roles"],
        ]),
      )
      .sort();
    expect(Object.fromEntries(documented)).toEqual(ROLE_RULES);
  });

  it("answers an unknown console path with the API's 404", async () => {
    const result = await adminCall(api, "GET", "/admin/api/nothing-here", {
      cookie: cookies.admin,
    });
    expect(result.status).toBe(404);
    expect(result.body.error.code).toBe("NOT_FOUND");
  });
});
