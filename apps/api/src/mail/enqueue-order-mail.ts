import { DEFAULT_LOCALE, isLocale } from "@obmen/contracts";
import { mailOutbox } from "@obmen/db";
import { accountMailType, type StoredAccountMail } from "./account-mail.ts";
import {
  type EnqueueOrderMailInput,
  ORDER_MAIL_KINDS,
  type OrderMailKind,
  type StoredOrderMail,
} from "./order-mail.types.ts";
import { orderMailSubject } from "./templates/order-mail-view.ts";
import { renderAccountMail } from "./templates/render-account-mail.ts";
import { type RenderedMail, renderOrderMail } from "./templates/render-order-mail.ts";

/**
 * An order mail as its `mail_outbox` row holds it, ready to insert: the subject (for listings)
 * and everything the letter is rendered from (stored as jsonb). The letter itself is rendered when it
 * is delivered or looked at (outboxLetter), not here: rendering and shipping 6 KB of text and
 * HTML per order was a fifth of the cost of creating one (docs/decisions/013-order-mail-content.md).
 */
export interface PreparedOrderMail {
  to: string;
  subject: string;
  locale: string;
  kind: OrderMailKind;
  content: StoredOrderMail;
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
  const { order, display, event, appUrl, timeZone } = input;
  return {
    to,
    subject: orderMailSubject(input),
    locale: order.locale,
    kind: ORDER_MAIL_KINDS[event.type],
    content: { order, display, event, appUrl, timeZone },
  };
}

/** An outbox row as far as its letter goes. */
export interface OutboxLetterSource {
  /** Which template renders `content`: an account letter's kind, else an order mail. */
  kind: string;
  locale: string;
  subject: string;
  text: string | null;
  html: string | null;
  content: unknown;
}

export type OutboxLetter = Pick<RenderedMail, "subject" | "text"> & { html: string | null };

/**
 * The letter of an outbox row: rendered from its stored content, or, for rows written before
 * the outbox kept content (migration 0006), the text and HTML stored with them.
 */
export function outboxLetter(row: OutboxLetterSource): OutboxLetter {
  if (row.content == null) {
    if (row.text == null) throw new Error("an outbox row holds neither a letter nor its content");
    return { subject: row.subject, text: row.text, html: row.html };
  }
  const accountType = accountMailType(row.kind);
  if (accountType) {
    const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
    const content = row.content as StoredAccountMail;
    const mail = renderAccountMail({ type: accountType, locale, content });
    return { subject: mail.subject, text: mail.text, html: mail.html };
  }
  const stored = row.content as StoredOrderMail;
  const { order } = stored;
  // JSON has no dates: the order's come back as ISO strings.
  const mail = renderOrderMail({
    ...stored,
    order: {
      ...order,
      createdAt: new Date(order.createdAt),
      expiresAt: new Date(order.expiresAt),
      updatedAt: new Date(order.updatedAt),
    },
  });
  return { subject: mail.subject, text: mail.text, html: mail.html };
}
