import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n.tsx";
import { DashboardChart } from "./dashboard-chart.tsx";

describe("the dashboard's chart", () => {
  beforeAll(() => {
    // The provider names the page's language; rendered on the server there is no page.
    (globalThis as { document?: unknown }).document ??= { documentElement: {} };
  });

  it("draws two bars per bucket, scaled to the highest count, labelled in UTC", () => {
    const html = renderToStaticMarkup(
      <I18nProvider>
        <DashboardChart
          bucket="hour"
          series={[
            { at: "2026-11-25T00:00:00.000Z", created: 4, completed: 0 },
            { at: "2026-11-25T01:00:00.000Z", created: 2, completed: 1 },
          ]}
        />
      </I18nProvider>,
    );
    expect(html.match(/<rect/g)).toHaveLength(4);
    // The tallest bar (4 orders) fills the plot, 140 of the 160 units; 2 orders fill half.
    expect(html).toContain('height="140"');
    expect(html).toContain('height="70"');
    expect(html).toContain('height="0"');
    // Hours of the UTC day, whatever the machine's zone, with the figures as a table too.
    expect(html).toContain(">00</text>");
    expect(html).toContain("<td>4</td>");
    expect(html).toContain("Заявки по часам (UTC)");
  });
});
