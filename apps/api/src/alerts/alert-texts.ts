/**
 * The alerts' words, in Russian: operators in this market work in Russian first (issue 14),
 * and the console has no language setting of its own that a background job could read.
 */
export interface OrderAlertFacts {
  orderId: string;
  sendAmount: string;
  sendCurrency: string;
  receiveAmount: string;
  receiveCurrency: string;
  email: string;
  /** The order in the console. */
  link: string;
}

export interface AlertText {
  subject: string;
  text: string;
}

const shortId = (orderId: string) => orderId.slice(0, 8);

export function newOrderAlert(facts: OrderAlertFacts): AlertText {
  const subject = `Новая заявка ${shortId(facts.orderId)}: ${facts.sendAmount} ${facts.sendCurrency} → ${facts.receiveAmount} ${facts.receiveCurrency}`;
  return { subject, text: orderBody("Новая заявка", facts) };
}

export function paidOrderAlert(facts: OrderAlertFacts): AlertText {
  const subject = `Заявка ${shortId(facts.orderId)} оплачена: ${facts.sendAmount} ${facts.sendCurrency}`;
  return { subject, text: orderBody("Клиент сообщил об оплате заявки", facts) };
}

function orderBody(headline: string, facts: OrderAlertFacts): string {
  return [
    `${headline} ${facts.orderId}`,
    `Отдаёт: ${facts.sendAmount} ${facts.sendCurrency}`,
    `Получает: ${facts.receiveAmount} ${facts.receiveCurrency}`,
    `E-mail клиента: ${facts.email}`,
    facts.link,
  ].join("\n");
}

export function lowReserveAlert(facts: {
  currency: string;
  available: string;
  warning: string;
  link: string;
}): AlertText {
  const subject = `Резерв ${facts.currency} ниже порога: ${facts.available}`;
  const text = [
    `Доступный резерв ${facts.currency} опустился ниже порога.`,
    `Доступно: ${facts.available}, порог: ${facts.warning}.`,
    facts.link,
  ].join("\n");
  return { subject, text };
}
