import type { OrderFieldFormat, OrderFieldSide, OrderFieldType } from "../schema/catalogue.ts";
import type { FieldStyle } from "./demo-currencies.ts";

export type DemoField = {
  side: OrderFieldSide;
  key: string;
  type: OrderFieldType;
  network: string | null;
  format: OrderFieldFormat | null;
  labelRu: string;
  labelEn: string;
  labelUk: string;
  required: boolean;
};

type Labels = [ru: string, en: string, uk: string];

function field(
  side: OrderFieldSide,
  name: string,
  type: OrderFieldType,
  [labelRu, labelEn, labelUk]: Labels,
  extra: { network?: string; format?: OrderFieldFormat; required?: boolean } = {},
): DemoField {
  return {
    side,
    key: `${side}_${name}`,
    type,
    network: extra.network ?? null,
    format: extra.format ?? null,
    labelRu,
    labelEn,
    labelUk,
    required: extra.required ?? true,
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What the customer fills in for one currency. Sending crypto needs nothing (the customer pays to
 * our address); receiving it needs their address on the right network. Cards need the number and
 * holder's name on both sides, so the operator can match the payment and pay out to the right
 * person; SBP works by phone number and the recipient's bank.
 */
export function demoFields(style: FieldStyle): DemoField[] {
  switch (style.style) {
    case "crypto": {
      const name = style.walletName;
      const address = field(
        "receive",
        "wallet_address",
        "crypto_address",
        [`Адрес кошелька ${name}`, `${name} wallet address`, `Адреса гаманця ${name}`],
        { network: style.network },
      );
      if (!style.memo) return [address];
      return [
        address,
        field(
          "receive",
          "memo",
          "text",
          [
            "Комментарий (memo), если его требует биржа",
            "Memo (comment), if your exchange requires one",
            "Коментар (memo), якщо його вимагає біржа",
          ],
          { required: false },
        ),
      ];
    }
    case "card":
      return [
        field("send", "card_number", "card_number", [
          "Номер карты, с которой вы платите",
          "Number of the card you pay from",
          "Номер картки, з якої ви платите",
        ]),
        field("send", "full_name", "full_name", [
          "ФИО владельца карты",
          "Cardholder's full name",
          "ПІБ власника картки",
        ]),
        field("receive", "card_number", "card_number", [
          "Номер карты для получения",
          "Card number to receive the payout",
          "Номер картки для отримання",
        ]),
        field("receive", "full_name", "full_name", [
          "ФИО получателя",
          "Recipient's full name",
          "ПІБ отримувача",
        ]),
      ];
    case "sbp":
      return [
        field(
          "send",
          "phone",
          "phone",
          [
            "Телефон, с которого вы платите по СБП",
            "Phone number you pay from via SBP",
            "Телефон, з якого ви платите через СБП",
          ],
          { format: "sbp_phone" },
        ),
        field("send", "full_name", "full_name", [
          "ФИО отправителя",
          "Sender's full name",
          "ПІБ відправника",
        ]),
        field(
          "receive",
          "phone",
          "phone",
          ["Телефон получателя в СБП", "Recipient's SBP phone number", "Телефон отримувача в СБП"],
          { format: "sbp_phone" },
        ),
        field("receive", "bank_name", "text", [
          "Банк получателя",
          "Recipient's bank",
          "Банк отримувача",
        ]),
        field("receive", "full_name", "full_name", [
          "ФИО получателя",
          "Recipient's full name",
          "ПІБ отримувача",
        ]),
      ];
    case "ewallet": {
      const { ru, en, uk } = style.account;
      const { format } = style;
      return [
        field("send", "account", "text", [`Ваш ${ru}`, `Your ${en}`, `Ваш ${uk}`], { format }),
        field(
          "receive",
          "account",
          "text",
          [
            capitalise(`${ru} для получения`),
            capitalise(`${en} to receive the payout`),
            capitalise(`${uk} для отримання`),
          ],
          { format },
        ),
      ];
    }
  }
}
