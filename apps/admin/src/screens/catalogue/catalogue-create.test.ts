import { describe, expect, it } from "vitest";
import { createBody } from "./catalogue-create.tsx";

describe("createBody", () => {
  it("sends ids and places as numbers, decimals with a point, and leaves out empty inputs", () => {
    const inputs = [
      { key: "send_currency_id", label: "", kind: "select" as const, options: [] },
      { key: "decimals", label: "", kind: "integer" as const },
      { key: "send_rate", label: "", kind: "decimal" as const },
      { key: "url_xml", label: "", kind: "text" as const },
      { key: "network_code", label: "", kind: "text" as const },
    ];
    expect(
      createBody(inputs, {
        send_currency_id: "7",
        decimals: "2",
        send_rate: "1 000,25",
        url_xml: " SBERRUB ",
        network_code: "",
      }),
    ).toEqual({ send_currency_id: 7, decimals: 2, send_rate: "1000.25", url_xml: "SBERRUB" });
  });
});
