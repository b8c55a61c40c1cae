import { orders } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvCell } from "../../src/admin/exports/csv-cell.ts";
import { orderCsvLines } from "../../src/admin/exports/order-csv-lines.ts";
import {
  type AdminTestApi,
  adminCall,
  placeOrder,
  signInEveryRole,
  startAdminApi,
} from "../admin/support/admin-kit.ts";

describe("CSV cells", () => {
  it("neutralise a text that a spreadsheet would run as a formula, and quote what needs it", () => {
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("+7 900")).toBe("'+7 900");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("http://x", "y")')).toBe(`"'=HYPERLINK(""http://x"", ""y"")"`);
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("1234.5")).toBe("1234.5");
    expect(csvCell(null)).toBe("");
  });
});

describe("GET /admin/api/orders/export.csv (issue 29)", () => {
  let api: AdminTestApi;
  let cookies: Awaited<ReturnType<typeof signInEveryRole>>;
  beforeAll(async () => {
    api = await startAdminApi();
    cookies = await signInEveryRole(api);
  });
  afterAll(() => api.close());

  it("streams every order with a header, plain decimals and neutralised cells", async () => {
    const first = await placeOrder(api, { sendAmount: "100" });
    const second = await placeOrder(api, { sendAmount: "150.5", paid: true });
    await api.db
      .update(orders)
      .set({
        email: "@attacker@example.com",
        fields: [{ key: "send_note", value: "=cmd|' /C calc'!A0" }],
      })
      .where(eq(orders.id, second));
    const response = await api.app.inject({
      method: "GET",
      url: "/admin/api/orders/export.csv",
      headers: { cookie: cookies.operator },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = response.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "exchange_uuid,created_at,status,email,send_amount,send_currency,receive_amount,receive_currency,send_rate,receive_rate,client_ip,fields",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${first},`);
    expect(lines[1]).toContain(",100,USDTTRC20,");
    const last = lines[2]!;
    expect(last).toContain(`${second},`);
    expect(last).toContain(",paid,'@attacker@example.com,150.5,USDTTRC20,");
    // The fields share one cell, led by each key: no customer text starts a cell.
    expect(last).toContain(",send_note==cmd|' /C calc'!A0");
    expect(last).not.toMatch(/,=/);

    const paidOnly = await api.app.inject({
      method: "GET",
      url: "/admin/api/orders/export.csv?status=paid&from=2000-01-01",
      headers: { cookie: cookies.operator },
    });
    expect(paidOnly.body.trimEnd().split("\r\n")).toHaveLength(2);
    const none = await api.app.inject({
      method: "GET",
      url: "/admin/api/orders/export.csv?to=2000-01-01",
      headers: { cookie: cookies.operator },
    });
    expect(none.body.trimEnd().split("\r\n")).toHaveLength(1);
    const bad = await adminCall(api, "GET", "/admin/api/orders/export.csv?from=yesterday", {
      cookie: cookies.operator,
    });
    expect(bad.status).toBe(400);
    const desk = await adminCall(api, "GET", "/admin/api/orders/export.csv", {
      cookie: cookies.desk,
    });
    expect(desk.status).toBe(403);
  });

  it("reads page by page, so every order comes once across pages", async () => {
    const lines: string[] = [];
    for await (const chunk of orderCsvLines({ db: api.db, pageSize: 1 })) lines.push(chunk);
    const all = lines.join("").trimEnd().split("\r\n");
    const ids = all.slice(1).map((line) => line.split(",")[0]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe((await api.db.select({ id: orders.id }).from(orders)).length);
    expect(lines.length).toBeGreaterThan(2);
  });
});
