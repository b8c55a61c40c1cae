import type { Currency, CurrencyPairEntry } from "@obmen/contracts";

type CurrencyOptions = {
  urlXml: string;
  code: string;
  kind?: Currency["kind"];
  decimal?: number;
  reserve?: string;
  sendLimit?: [string | null, string | null];
};

/** A pair entry in the API's wire shape, for unit tests that need no database. */
export function pairEntry(options: {
  send: CurrencyOptions;
  receive: CurrencyOptions;
  sendRate: string;
  receiveRate: string;
  comission?: string;
  pairLimits?: Partial<
    Record<"min_send_sum" | "max_send_sum" | "min_receive_sum" | "max_receive_sum", string>
  >;
}): CurrencyPairEntry {
  const limits = options.pairLimits ?? {};
  return {
    id: 1,
    rate: {
      send_rate: options.sendRate,
      receive_rate: options.receiveRate,
      send_rate_real: options.sendRate,
      receive_rate_real: options.receiveRate,
      comission_amount: options.comission ?? "0",
    },
    currency_pair: {
      send_currency: currency(options.send, {
        min_send_sum: limits.min_send_sum ?? null,
        max_send_sum: limits.max_send_sum ?? null,
        min_receive_sum: null,
        max_receive_sum: null,
      }),
      receive_currency: currency(options.receive, {
        min_send_sum: null,
        max_send_sum: null,
        min_receive_sum: limits.min_receive_sum ?? null,
        max_receive_sum: limits.max_receive_sum ?? null,
      }),
    },
    fields: [],
  };
}

function currency(
  options: CurrencyOptions,
  pairLimits: Pick<
    Currency["currency_in_services"],
    "min_send_sum" | "max_send_sum" | "min_receive_sum" | "max_receive_sum"
  >,
): Currency {
  const [min, max] = options.sendLimit ?? [null, null];
  return {
    id: options.urlXml.length,
    pay_system: { name: options.urlXml, icon: "/icons/x.svg", network_code: null },
    currency_code: { name: options.code },
    url_xml: options.urlXml,
    kind: options.kind ?? "crypto",
    currency_in_services: {
      reserve: { name: options.urlXml, reserve: options.reserve ?? "1000000" },
      decimal: options.decimal ?? 2,
      ...pairLimits,
      send_limit: { min_send_sum: min, max_send_sum: max },
    },
  };
}
