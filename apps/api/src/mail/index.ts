export {
  enqueueOrderMail,
  type OutboxLetter,
  outboxLetter,
  type PreparedOrderMail,
  prepareOrderMail,
} from "./enqueue-order-mail.ts";
export { loadOrderMailDisplay } from "./load-order-mail-display.ts";
export { isDevMailboxEnabled, registerMailboxRoutes } from "./mailbox-routes.ts";
export {
  createDevMailboxMailer,
  createSmtpMailer,
  type Mailer,
  type MailMessage,
  type SmtpMailerOptions,
} from "./mailer.ts";
export {
  type EnqueueOrderMailInput,
  ORDER_MAIL_KINDS,
  type OrderMailCurrency,
  type OrderMailDisplay,
  type OrderMailEvent,
  type OrderMailFieldDefinition,
  type OrderMailKind,
  type OrderMailPaymentInstructions,
  type OrderRow,
  type StoredOrderMail,
} from "./order-mail.types.ts";
export {
  type DispatcherLog,
  type DispatchReport,
  type OutboxDispatcher,
  type OutboxDispatcherOptions,
  startOutboxDispatcher,
} from "./outbox-dispatcher.ts";
export { type MailDelivery, resolveMailDelivery } from "./resolve-mail-delivery.ts";
