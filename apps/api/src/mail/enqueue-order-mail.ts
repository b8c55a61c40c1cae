import { mailOutbox } from "@obmen/db";
import {
  type EnqueueOrderMailInput,
  ORDER_MAIL_KINDS,
  type OrderMailKind,
} from "./order-mail.types.ts";
import { renderOrderMail } from "./templates/render-order-mail.ts";

/** An order mail as its `mail_outbox` row holds it, rendered and ready to insert. */
export interface PreparedOrderMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: string;
  kind: OrderMailKind;
}

/**
 * Writes the customer's order mail (created, or a status change) to the outbox inside the
 * caller's transaction (STYLE.md 7): it exists exactly when the change it reports committed, and
 * the outbox dispatcher delivers it later (docs/decisions/005-order-mail.md).
 */
export async function enqueueOrderMail(input: EnqueueOrderMailInput): Promise<{ id: number }> {
  const [row] = await input.tx
    .insert(mailOutbox)
    .values(prepareOrderMail(input))
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("mail_outbox insert returned no row");
  return { id: row.id };
}

/**
 * The outbox row of an order mail, for a caller that writes it itself: a new order's mail is
 * inserted by the database function that creates the order (docs/decisions/012).
 */
export function prepareOrderMail(input: Omit<EnqueueOrderMailInput, "tx">): PreparedOrderMail {
  const to = input.order.email.trim();
  // The API validates addresses; this only keeps a line break from ever reaching a mail header.
  if (/[\r\n]/.test(to) || !to.includes("@")) {
    throw new Error(`Order ${input.order.id} has no usable e-mail address`);
  }
  const mail = renderOrderMail(input);
  return {
    to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    locale: mail.locale,
    kind: ORDER_MAIL_KINDS[input.event.type],
  };
}
