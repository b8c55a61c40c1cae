import type { CurrencyPairEntry } from "@obmen/contracts";

export interface DirectionView {
  /** The exchange page without a locale prefix: `/exchange/BTC/SBERRUB`. */
  path: string;
  name: string;
  code: string;
}

export interface SendGroup {
  /** The send currency's URL code, unique per currency. */
  key: string;
  name: string;
  code: string;
  icon: string;
  directions: DirectionView[];
}

/**
 * Every active exchange direction under its send currency, for the HTML sitemap. Currencies
 * and directions keep the API's order (the operator's sort order), first appearance wins.
 */
export function groupDirectionsBySend(entries: CurrencyPairEntry[]): SendGroup[] {
  const groups = new Map<string, SendGroup>();
  for (const entry of entries) {
    const { send_currency: send, receive_currency: receive } = entry.currency_pair;
    let group = groups.get(send.url_xml);
    if (!group) {
      group = {
        key: send.url_xml,
        name: send.pay_system.name,
        code: send.currency_code.name,
        icon: send.pay_system.icon,
        directions: [],
      };
      groups.set(send.url_xml, group);
    }
    group.directions.push({
      path: `/exchange/${encodeURIComponent(send.url_xml)}/${encodeURIComponent(receive.url_xml)}`,
      name: receive.pay_system.name,
      code: receive.currency_code.name,
    });
  }
  return [...groups.values()];
}
