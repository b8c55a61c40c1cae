import { webCatalog } from "@obmen/i18n/catalogs";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n/i18n-context.tsx";
import { RateSparkline } from "./rate-sparkline.tsx";

const render = (points: { at: string; send_rate: string; receive_rate: string }[]) =>
  renderToString(
    <I18nProvider locale="en" messages={webCatalog("en")}>
      <RateSparkline points={points} sendCode="BTC" receiveCode="RUB" locale="en" />
    </I18nProvider>,
  );

describe("the exchange page's sparkline", () => {
  it("is an inline SVG of the shown number, labelled with the first and last rate", () => {
    const html = render([
      { at: "2026-11-28T00:00:00Z", send_rate: "1", receive_rate: "7000000" },
      { at: "2026-11-28T00:30:00Z", send_rate: "1", receive_rate: "7100000" },
      { at: "2026-11-28T01:00:00Z", send_rate: "1", receive_rate: "7050000" },
    ]);
    expect(html).toMatch(/^<svg class="exchange__sparkline"/);
    expect(html).toContain('points="0.0,30.0 60.0,2.0 120.0,16.0"');
    // Amounts and codes are joined by a no-break space, as everywhere on the site.
    expect(html.replaceAll("\u00a0", " ")).toContain(
      "Rate over the last 24 hours: from 1 BTC = 7,000,000 RUB to 1 BTC = 7,050,000 RUB",
    );
    expect(html).not.toContain("<script");
  });

  it("draws nothing from fewer than two points", () => {
    expect(render([{ at: "2026-11-28T00:00:00Z", send_rate: "1", receive_rate: "7000000" }])).toBe(
      "",
    );
  });
});
