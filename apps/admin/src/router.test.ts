import { describe, expect, it } from "vitest";
import { parseRoute } from "./router.tsx";

describe("parseRoute", () => {
  it("maps the console's paths to its screens", () => {
    expect(parseRoute("/admin")).toEqual({ screen: "desk" });
    expect(parseRoute("/admin/")).toEqual({ screen: "desk" });
    expect(parseRoute("/admin/catalogue")).toEqual({ screen: "catalogue" });
    expect(parseRoute("/admin/dashboard")).toEqual({ screen: "dashboard" });
    expect(parseRoute("/admin/operators")).toEqual({ screen: "operators" });
    expect(parseRoute("/admin/audit")).toEqual({ screen: "audit" });
    expect(parseRoute("/admin/settings")).toEqual({ screen: "settings" });
    expect(parseRoute("/admin/me")).toEqual({ screen: "me" });
    expect(parseRoute("/admin/withdrawals")).toEqual({ screen: "withdrawals" });
    expect(parseRoute("/admin/content")).toEqual({ screen: "content" });
    expect(parseRoute("/admin/content/new")).toEqual({ screen: "content-edit", id: null });
    expect(parseRoute("/admin/content/12")).toEqual({ screen: "content-edit", id: 12 });
    expect(parseRoute("/admin/orders/3F2A1C9E-4B7D-4E21-9A0C-5D8E6F1B2A3C")).toEqual({
      screen: "order",
      uuid: "3f2a1c9e-4b7d-4e21-9a0c-5d8e6f1b2a3c",
    });
  });
  it("answers anything else as not found", () => {
    expect(parseRoute("/admin/orders/42")).toEqual({ screen: "not-found" });
    expect(parseRoute("/admin/catalogue/extra")).toEqual({ screen: "not-found" });
    expect(parseRoute("/admin/content/012")).toEqual({ screen: "not-found" });
    expect(parseRoute("/admin/content/news")).toEqual({ screen: "not-found" });
    expect(parseRoute("/admin/settings/extra")).toEqual({ screen: "not-found" });
  });
});
