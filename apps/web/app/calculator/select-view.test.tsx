import { webCatalog } from "@obmen/i18n/catalogs";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PairCatalogue } from "../catalogue/pair-catalogue.ts";
import { I18nProvider } from "../i18n/i18n-context.tsx";
import { SelectView } from "./select-view.tsx";

let props: { catalogue: PairCatalogue | null; send: string | null };
const Stub = createRoutesStub([{ path: "*", Component: () => <SelectView {...props} /> }]);

function render(catalogue: PairCatalogue | null, send: string | null, path = "/") {
  props = { catalogue, send };
  return renderToString(
    <I18nProvider locale="ru" messages={webCatalog("ru")}>
      <Stub initialEntries={[path]} />
    </I18nProvider>,
  );
}

const currency = (code: string, kind: "crypto" | "bank") => ({
  code,
  name: `${code} pay`,
  ticker: code,
  network: null,
  icon: `/icons/${code}.svg`,
  kind,
  reserve: `1 ${code}`,
});
const catalogue: PairCatalogue = {
  currencies: [currency("BTC", "crypto"), currency("SBERRUB", "bank"), currency("ETH", "crypto")],
  pairs: [
    { send: "BTC", receive: "SBERRUB", rate: "1 BTC = 7 RUB" },
    { send: "SBERRUB", receive: "ETH", rate: "3 RUB = 1 ETH" },
  ],
};

describe("the select view", () => {
  it("still renders, saying so, when the pair list failed to load (spec §8)", () => {
    const html = render(null, null);
    expect(html).toContain("Не удалось загрузить направления обмена");
    expect(html).toContain('role="status"');
  });

  it("says the exchange is not open yet when there is no pair at all, in place of the lists", () => {
    const html = render({ currencies: [], pairs: [] }, null);
    expect(html).toContain("Обменник ещё не открылся");
    expect(html).toContain("Мы готовим направления обмена.");
    expect(html).not.toContain('id="send"');
  });

  it("links each send currency to its own select view, and receive ones to the pair", () => {
    const html = render(catalogue, "BTC", "/BTC");
    expect(html).toContain('href="/SBERRUB"');
    expect(html).toContain('href="/exchange/BTC/SBERRUB"');
    expect(html).not.toContain('href="/exchange/BTC/ETH"');
    expect(html).toContain("1 BTC = 7 RUB");
  });

  it("filters on the server by the search query, for visitors without JavaScript", () => {
    const html = render(catalogue, null, "/?send_q=sber");
    const sendList = html.slice(html.indexOf('id="send"'), html.indexOf('id="receive"'));
    expect(sendList).toContain("SBERRUB pay");
    expect(sendList).not.toContain("BTC pay");
  });
});
