import { z } from "zod";
import { LOCALES } from "./locales.ts";
import { dataResponse } from "./response.ts";

/**
 * Where operator alerts go (`GET/PATCH /admin/api/settings/alerts`, admins only, issue 14
 * point 6, decision 038 "Alerts"). The Telegram bot token is write-only: answers carry only
 * whether one is set and a mask of it (its bot id and last four characters).
 */
export const ALERT_EVENTS = ["new_order", "paid_order", "low_reserve"] as const;
export const AlertEvent = z.enum(ALERT_EVENTS);
export type AlertEvent = z.infer<typeof AlertEvent>;

/** At most this many addresses get each alert by e-mail. */
export const MAX_ALERT_EMAILS = 10;

const AlertEventSwitches = z.object({
  new_order: z.boolean(),
  paid_order: z.boolean(),
  low_reserve: z.boolean(),
});

export const AdminAlertSettings = z.object({
  emails: z.array(z.string()),
  telegram_chat_id: z.string().nullable(),
  telegram_token_set: z.boolean(),
  /** `123456:…wxyz`, or null when no token is set: never the token itself. */
  telegram_token_masked: z.string().nullable(),
  events: AlertEventSwitches,
  /** The language the alerts are written in (Russian until an admin picks another). */
  language: z.enum(LOCALES),
});
export type AdminAlertSettings = z.infer<typeof AdminAlertSettings>;
export const AdminAlertSettingsResponse = dataResponse(AdminAlertSettings);

/** An address as the order form checks one, bounded; no line breaks ever reach a mail header. */
const AlertEmail = z
  .string()
  .trim()
  .max(320, "AdminErrors.AlertEmailInvalid")
  .pipe(z.email("AdminErrors.AlertEmailInvalid"));
/** A chat's numeric id (a group's is negative) or a channel's `@name`. */
const TelegramChatId = z
  .string()
  .trim()
  .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, "AdminErrors.TelegramChatIdInvalid");
/** The form BotFather hands out: the bot's numeric id, a colon, the secret part. */
const TelegramBotToken = z
  .string()
  .trim()
  .regex(/^\d{3,20}:[A-Za-z0-9_-]{20,80}$/, "AdminErrors.TelegramTokenInvalid");

/**
 * Changes what is given; `null` clears the chat or the token. A check's message that is a
 * catalog key says why a value is refused, in the operator's language (issue 26 point 6).
 */
export const AdminAlertSettingsPatch = z
  .strictObject({
    emails: z.array(AlertEmail).max(MAX_ALERT_EMAILS, "AdminErrors.TooManyAlertEmails").optional(),
    telegram_chat_id: TelegramChatId.nullable().optional(),
    telegram_bot_token: TelegramBotToken.nullable().optional(),
    events: AlertEventSwitches.partial().strict().optional(),
    language: z.enum(LOCALES).optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: "nothing to change" });
export type AdminAlertSettingsPatch = z.input<typeof AdminAlertSettingsPatch>;
