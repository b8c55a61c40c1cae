import type { CurrencyPairEntry } from "@obmen/contracts";
import type { OrderMailCurrency, OrderMailDisplay } from "../../mail/order-mail.types.ts";

/**
 * What a new order's e-mail shows beyond the order row, taken from the pair entry the order
 * was quoted from (already in the request's language, which is the order's), so creating an
 * order reads no catalogue rows for its mail. Same content as mail/load-order-mail-display.ts.
 */
export function mailDisplayOf(pair: CurrencyPairEntry): OrderMailDisplay {
  const { send_currency: send, receive_currency: receive } = pair.currency_pair;
  const currency = (side: typeof send): OrderMailCurrency => ({
    code: side.currency_code.name,
    name: side.pay_system.name,
    decimals: side.currency_in_services.decimal,
  });
  return {
    sendCurrency: currency(send),
    receiveCurrency: currency(receive),
    // The pair entry lists the send currency's fields first, as the mail does.
    fields: pair.fields.map(({ key, type, label }) => ({ key, type, label })),
  };
}
