import { isDevMailboxEnabled } from "./mailbox-routes.ts";
import { createDevMailboxMailer, createSmtpMailer, type Mailer } from "./mailer.ts";

export type MailDelivery =
  /** SMTP_URL is set: the dispatcher sends over SMTP. */
  | { mode: "smtp"; mailer: Mailer; devMailbox: false }
  /** No SMTP outside production: mail is kept for the dev mailbox page (/dev/mailbox). */
  | { mode: "dev-mailbox"; mailer: Mailer; devMailbox: true }
  /**
   * No SMTP in production: nothing delivers and rows stay `pending`, so customers' mail goes out
   * once SMTP_URL is configured. The composition root should warn loudly at boot.
   */
  | { mode: "none"; mailer: null; devMailbox: false };

/** The one place that decides how mail leaves the process (docs/decisions/005-order-mail.md). */
export function resolveMailDelivery(options: {
  smtpUrl: string | undefined;
  from: string;
  nodeEnv: string | undefined;
}): MailDelivery {
  if (options.smtpUrl) {
    return {
      mode: "smtp",
      mailer: createSmtpMailer(options.smtpUrl, options.from),
      devMailbox: false,
    };
  }
  if (isDevMailboxEnabled(options)) {
    return { mode: "dev-mailbox", mailer: createDevMailboxMailer(), devMailbox: true };
  }
  return { mode: "none", mailer: null, devMailbox: false };
}
