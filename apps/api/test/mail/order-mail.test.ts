import type { Locale } from "@obmen/contracts";
import {
  createTestDatabase,
  mailOutbox,
  orderStatuses,
  orders,
  type TestDatabase,
} from "@obmen/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createSmtpMailer,
  enqueueOrderMail,
  loadOrderMailDisplay,
  type Mailer,
  type OrderMailEvent,
  type OrderRow,
} from "../../src/mail/index.ts";
import { renderOrderMail } from "../../src/mail/templates/render-order-mail.ts";
import { APP_URL, dispatchOnce, MAIL_FROM, outboxRow } from "./support/mail-test-kit.ts";
import { CARD_NUMBER, HOSTILE_NAME, insertOrder, PAYMENT } from "./support/order-fixture.ts";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink.ts";

describe("order mail", () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let mailer: Mailer;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    sink = await startSmtpSink();
    mailer = createSmtpMailer(sink.url, MAIL_FROM);
  });
  afterAll(async () => {
    mailer?.close?.();
    await sink?.close();
    await database?.close();
  });
  beforeEach(async () => {
    sink.messages.length = 0;
    await database.db.delete(mailOutbox);
  });

  /** What the order use cases do: the order and its mail in one transaction. */
  async function createOrderWithMail(
    options: Parameters<typeof insertOrder>[1] = {},
    event?: OrderMailEvent,
  ) {
    return database.db.transaction(async (tx) => {
      const order = await insertOrder(tx, options);
      const display = await loadOrderMailDisplay({ tx, order });
      const { id } = await enqueueOrderMail({
        tx,
        order,
        display,
        event: event ?? { type: "created", paymentInstructions: PAYMENT[options.locale ?? "ru"] },
        appUrl: APP_URL,
      });
      return { order, mailId: id };
    });
  }

  async function deliver() {
    const report = await dispatchOnce(database.db, mailer);
    expect(report.delivered).toBe(report.claimed);
    return sink.messages;
  }

  const created: Record<Locale, { subject: string; lines: string[]; pagePath: string }> = {
    ru: {
      subject: "Заявка {n} создана",
      pagePath: "/order/",
      lines: [
        "Здравствуйте!",
        "Курс зафиксирован до 21 ноября 2026 г. в 08:00 UTC",
        `Как оплатить\n${PAYMENT.ru.text}\nbc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq\n\nПосле перевода`,
        "Дата создания: 21 ноября 2026 г. в 07:30 UTC",
        "Направление обмена: Bitcoin BTC → Сбербанк RUB",
        "Вы отправляете: 0,015\u00a0BTC\n",
        "Вы получаете: 118\u00a0350,50\u00a0RUB\n",
        "Курс обмена: 1\u00a0BTC = 7\u00a0890\u00a0000\u00a0RUB\n",
        "Статус: Ожидает оплаты\n",
        "Номер карты для получения: •••• 6789",
      ],
    },
    en: {
      subject: "Order {n} created",
      pagePath: "/en/order/",
      lines: [
        "Hello,",
        "The rate is locked until 21 November 2026 at 08:00 UTC",
        `How to pay\n${PAYMENT.en.text}\nbc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq`,
        "Created: 21 November 2026 at 07:30 UTC",
        "Exchange direction: Bitcoin BTC → Sberbank RUB",
        "You send: 0.015\u00a0BTC\n",
        "You receive: 118,350.50\u00a0RUB\n",
        "Exchange rate: 1\u00a0BTC = 7,890,000\u00a0RUB\n",
        "Status: Awaiting payment\n",
        "Card number to receive the payout: •••• 6789",
      ],
    },
    uk: {
      subject: "Заявку {n} створено",
      pagePath: "/uk/order/",
      lines: [
        "Доброго дня!",
        "Курс зафіксовано до 21 листопада 2026 р. о 08:00 UTC",
        `Як оплатити\n${PAYMENT.uk.text}\nbc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq`,
        "Напрям обміну: Bitcoin BTC → Сбербанк RUB",
        "Ви отримуєте: 118\u00a0350,50\u00a0RUB\n",
        "Статус: Очікує оплати\n",
        "Номер картки для отримання: •••• 6789",
      ],
    },
  };

  it.each(["ru", "en", "uk"] as const)(
    "delivers a created-order mail in %s over SMTP with every order detail",
    async (locale) => {
      const { order, mailId } = await createOrderWithMail({ locale });
      const [message] = await deliver();
      const expected = created[locale];

      expect(message!.rcptTo).toEqual(["customer@example.com"]);
      expect(message!.subject).toBe(expected.subject.replace("{n}", order.id.slice(0, 8)));
      expect(message!.headers.get("message-id")).toMatch(
        new RegExp(`^<obmen-mail-${mailId}-\\d+@obmen\\.example>$`),
      );
      for (const line of expected.lines) expect(message!.text).toContain(line);
      // A fee of nothing is not shown (this order's is 0).
      expect(message!.text).not.toMatch(/(Комиссия|Fee|Комісія):/);
      const orderUrl = `https://obmen.example${expected.pagePath}${order.id}`;
      expect(message!.text).toContain(`: ${order.id}\n`);
      expect(message!.text).toContain(orderUrl);
      expect(message!.html).toContain(`<html lang="${locale}">`);
      expect(message!.html).toContain(`href="${orderUrl}"`);

      const row = await outboxRow(database.db, mailId);
      expect(row).toMatchObject({ status: "sent", attempts: 1, locale, kind: "order_created" });
      expect(row.sentAt).toBeInstanceOf(Date);
    },
  );

  it("escapes markup a customer typed in the HTML part", async () => {
    await createOrderWithMail();
    const [message] = await deliver();
    expect(message!.html).not.toContain("<script>");
    expect(message!.html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ivan &amp; &quot;Co&quot;",
    );
    // Plain text is not markup: the name reads as typed.
    expect(message!.text).toContain(`ФИО получателя: ${HOSTILE_NAME}`);
  });

  it("masks card numbers down to the last four digits, even typed into a text field", async () => {
    await createOrderWithMail({
      fields: [
        { key: "receive_card_number", value: CARD_NUMBER },
        { key: "receive_full_name", value: "4111 1111 1111 1111" },
      ],
    });
    const [message] = await deliver();
    for (const part of [message!.text, message!.html]) {
      expect(part).toContain("•••• 6789");
      expect(part).toContain("•••• 1111");
      expect(part).not.toMatch(/2200|7001|2345|4111 1111/);
    }
  });

  it("keeps a typed line break from forging a line of the letter", async () => {
    const { mailId } = await createOrderWithMail({
      fields: [{ key: "receive_full_name", value: "Ivan\nСтатус: Выполнена" }],
    });
    const row = await outboxRow(database.db, mailId);
    expect(row.text).toContain("ФИО получателя: Ivan Статус: Выполнена");
    expect(row.text).not.toMatch(/^Статус: Выполнена/m);
  });

  it("writes no mail when the order's transaction rolls back", async () => {
    let orderId = "";
    const attempt = database.db.transaction(async (tx) => {
      const order = await insertOrder(tx);
      orderId = order.id;
      const display = await loadOrderMailDisplay({ tx, order });
      await enqueueOrderMail({
        tx,
        order,
        display,
        event: { type: "created", paymentInstructions: PAYMENT.ru },
        appUrl: APP_URL,
      });
      throw new Error("reserve hold failed");
    });
    await expect(attempt).rejects.toThrow("reserve hold failed");
    const [mails] = await database.db.select({ n: count() }).from(mailOutbox);
    const [kept] = await database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(orderId).not.toBe("");
    expect(mails!.n).toBe(0);
    expect(kept!.n).toBe(0);
  });

  it("reports a status change with the status, what happens next and the operator's comment", async () => {
    const { order, mailId } = await createOrderWithMail(
      { locale: "uk", status: "completed" },
      { type: "status_changed", comment: "Виплату надіслано о 10:15 <b>" },
    );
    const row = await outboxRow(database.db, mailId);
    expect(row.kind).toBe("order_status_changed");
    expect(row.subject).toBe(`Заявка ${order.id.slice(0, 8)}: Виконана`);
    expect(row.text).toContain("Статус вашої заявки змінився на «Виконана».");
    expect(row.text).toContain("Кошти надіслано на ваші реквізити.");
    expect(row.text).toContain("Коментар оператора: Виплату надіслано о 10:15 <b>");
    expect(row.html).toContain("Виплату надіслано о 10:15 &lt;b&gt;");
    expect(row.text).not.toContain("Як оплатити");
  });

  it("names the payout reference in a completion letter, escaped in the HTML", async () => {
    const { mailId } = await createOrderWithMail(
      { locale: "en", status: "completed" },
      { type: "status_changed", payoutReference: "0xabc<i>123</i>" },
    );
    const row = await outboxRow(database.db, mailId);
    expect(row.text).toContain("Payout reference: 0xabc<i>123</i>");
    expect(row.html).toContain("Payout reference");
    expect(row.html).toContain("0xabc&lt;i&gt;123&lt;/i&gt;");
  });

  it("shows the payment holder, and only the sentence when the operator sends details", async () => {
    const withHolder = await createOrderWithMail(
      {},
      {
        type: "created",
        paymentInstructions: {
          text: "Переведите на карту ниже.",
          target: "2202 2000 0000 0008",
          holder: "Иван Петров",
        },
      },
    );
    const card = await outboxRow(database.db, withHolder.mailId);
    // Our own card is where the customer pays: it must be shown whole, not masked.
    expect(card.text).toContain("Переведите на карту ниже.\n2202 2000 0000 0008\nИван Петров\n");
    expect(card.html).toContain("2202 2000 0000 0008");

    const manual = await createOrderWithMail(
      {},
      {
        type: "created",
        paymentInstructions: {
          text: "Реквизиты для оплаты 0.015 BTC оператор пришлёт на ваш e-mail.",
          target: null,
          holder: null,
        },
      },
    );
    const row = await outboxRow(database.db, manual.mailId);
    expect(row.text).toContain(
      "Как оплатить\nРеквизиты для оплаты 0.015 BTC оператор пришлёт на ваш e-mail.\n\nПосле перевода",
    );
  });

  it("warns not to pay a demo target, in every language, and only for a demo target", async () => {
    const warnings = {
      ru: "Демо-реквизиты — не оплачивайте.",
      en: "Demo details — do not pay.",
      uk: "Демо-реквізити — не сплачуйте.",
    } as const;
    for (const locale of ["ru", "en", "uk"] as const) {
      const demo = await createOrderWithMail(
        { locale },
        { type: "created", paymentInstructions: { ...PAYMENT[locale], demo: true } },
      );
      const row = await outboxRow(database.db, demo.mailId);
      // Between the sentence and the address, where the customer looks before paying.
      expect(row.text).toContain(`${PAYMENT[locale].text}\n${warnings[locale]}`);
      expect(row.text.indexOf(warnings[locale])).toBeLessThan(
        row.text.indexOf(PAYMENT[locale].target!),
      );
      expect(row.html).toContain(warnings[locale]);
    }
    const real = await createOrderWithMail(
      {},
      { type: "created", paymentInstructions: { ...PAYMENT.ru, demo: false } },
    );
    const row = await outboxRow(database.db, real.mailId);
    expect(row.text).not.toContain(warnings.ru);
    expect(row.html).not.toContain(warnings.ru);
  });

  it("shows a fee that was deducted, written as amounts are", async () => {
    const order = await insertOrder(database.db);
    const mail = renderOrderMail({
      order: { ...order, comissionAmount: "1500.5" } satisfies OrderRow,
      display: {
        sendCurrency: { code: "BTC", name: "Bitcoin", decimals: 8 },
        receiveCurrency: { code: "RUB", name: "Sberbank", decimals: 2 },
        fields: [],
      },
      event: { type: "status_changed" },
      appUrl: APP_URL,
    });
    expect(mail.text).toContain(
      "Комиссия: 1\u00a0500,50\u00a0RUB (уже вычтена из суммы к получению)\n",
    );
  });

  it("names every status, with a next step, in every language", async () => {
    const order = await insertOrder(database.db);
    const texts = new Map<string, string>();
    for (const locale of ["ru", "en", "uk"] as const) {
      for (const status of orderStatuses) {
        const mail = renderOrderMail({
          order: { ...order, locale, status } satisfies OrderRow,
          display: {
            sendCurrency: { code: "BTC", name: "Bitcoin", decimals: 8 },
            receiveCurrency: { code: "RUB", name: "Sberbank", decimals: 2 },
            fields: [],
          },
          event: { type: "status_changed" },
          appUrl: APP_URL,
        });
        texts.set(`${locale}:${status}`, mail.text);
        if (locale !== "en") expect(mail.subject).toMatch(/[а-яіїєґ]/i);
      }
    }
    // Nine different letters per language: no status borrows another's wording.
    for (const locale of ["ru", "en", "uk"]) {
      const letters = orderStatuses.map((status) => texts.get(`${locale}:${status}`));
      expect(new Set(letters).size).toBe(orderStatuses.length);
    }
  });
});
