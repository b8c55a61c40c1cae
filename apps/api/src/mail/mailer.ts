import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /**
   * Stable across retries of one outbox row: the SMTP mailer derives the Message-ID from it,
   * so a mail re-sent after a crash between "sent" and "marked sent" can be recognised as the
   * same message by the receiving side.
   */
  idempotencyKey?: string;
}

/** What the outbox dispatcher delivers through: SMTP in production, the dev mailbox otherwise. */
export interface Mailer {
  /**
   * What a successful `send` means for the outbox row: `sent` (handed to an SMTP server) or
   * `stored` (kept only for the dev mailbox; see docs/decisions/005-order-mail.md). Default `sent`.
   */
  readonly deliveredStatus?: "sent" | "stored";
  /**
   * True when `send` does nothing (the dev mailbox). The dispatcher then marks due mail
   * delivered in the statement that claims it, without reading the letters back: one statement
   * per batch instead of two and the bodies' round trip, which under a rush of orders was a
   * good part of the cost of creating one.
   */
  readonly sendsNothing?: boolean;
  /** Resolves once the message is accepted; rejects on any failure (the dispatcher retries). */
  send(message: MailMessage): Promise<void>;
  /** Releases connections; safe to call twice. */
  close?(): void;
}

export interface SmtpMailerOptions {
  /** Bounds each stage so a silent server cannot hold a dispatcher run forever. */
  connectionTimeoutMs?: number;
  socketTimeoutMs?: number;
}

/**
 * A mailer over nodemailer's SMTP transport. `smtpUrl` is `smtp://user:pass@host:587` (STARTTLS
 * when the server offers it) or `smtps://…:465` (TLS from the start); `from` is `MAIL_FROM`.
 * One connection per message: order mail is a trickle, and this keeps no connection to go stale.
 */
export function createSmtpMailer(
  smtpUrl: string,
  from: string,
  options: SmtpMailerOptions = {},
): Mailer {
  const connectionTimeout = options.connectionTimeoutMs ?? 10_000;
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      connectionTimeout,
      greetingTimeout: connectionTimeout,
      socketTimeout: options.socketTimeoutMs ?? 30_000,
    },
    { from },
  );
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "obmen.local";
  return {
    deliveredStatus: "sent",
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.idempotencyKey ? { messageId: `<${message.idempotencyKey}@${domain}>` } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP the outbox is the mailbox: "delivering" marks the row `stored`, so the dev
 * mailbox shows it as done and configuring SMTP later never sends this backlog to real people.
 */
export function createDevMailboxMailer(): Mailer {
  return {
    deliveredStatus: "stored",
    sendsNothing: true,
    async send() {},
  };
}
