import { z } from "zod";
import { User } from "./account.ts";
import { DecimalString } from "./catalogue.ts";
import { visibleName } from "./display-name.ts";
import { OrderId, OrderStatus } from "./orders.ts";
import { dataResponse } from "./response.ts";
import { WholeNumber } from "./whole-number.ts";

/**
 * A signed-in user's own data (issue 13, "Account data"): order history, saved wallets,
 * calculator templates, active sessions and the personal-info form. Every call needs the
 * envelope's `user_auth_token`; another user's id answers 404 `NOT_FOUND`, never the record.
 */

const RecordId = WholeNumber.pipe(z.number().int().positive());
const Page = WholeNumber.pipe(z.number().int().min(1).max(10_000));

/** The history: every order placed with the user's confirmed login e-mail, newest first. */
export const UserOrderListRequest = z.strictObject({
  page: Page.optional(),
  status: OrderStatus.optional(),
});
export const UserOrderListItem = z.object({
  exchange_uuid: OrderId,
  exchange_status: OrderStatus,
  send_amount: DecimalString,
  receive_amount: DecimalString,
  send_currency: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  receive_currency: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  created_at: z.string(),
});
export type UserOrderListItem = z.infer<typeof UserOrderListItem>;
export const UserOrderList = z.object({
  items: z.array(UserOrderListItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export const UserOrderListResponse = dataResponse(UserOrderList);

/**
 * A saved payout detail: the value of the currency's receive field (a wallet address, a card
 * number, …), validated exactly like that order field.
 */
export const Wallet = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  /** The receive field of the currency the value fills (e.g. `receive_wallet`). */
  field_key: z.string(),
  value: z.string(),
  label: z.string(),
  created_at: z.string(),
});
export type Wallet = z.infer<typeof Wallet>;
export const WalletListRequest = z.strictObject({});
export const WalletListResponse = dataResponse(z.array(Wallet));
export const WalletCreateRequest = z.strictObject({
  currency_id: RecordId,
  value: z.string().max(512),
  label: visibleName(z.string().max(100)).optional(),
});
export type WalletCreateRequest = z.input<typeof WalletCreateRequest>;
export const WalletCreateResponse = dataResponse(Wallet);
export const RecordDeleteRequest = z.strictObject({ id: RecordId });
export const RecordDeleteResponse = dataResponse(z.strictObject({}));

/** A calculator template (spec §3, §5): a direction and a default amount to send. */
export const Template = z.object({
  id: z.number().int(),
  from_currency_id: z.number().int(),
  to_currency_id: z.number().int(),
  amount: DecimalString,
  created_at: z.string(),
});
export type Template = z.infer<typeof Template>;
export const TemplateListRequest = z.strictObject({});
export const TemplateListResponse = dataResponse(z.array(Template));
export const TemplateCreateRequest = z.strictObject({
  from_currency_id: RecordId,
  to_currency_id: RecordId,
  amount: DecimalString,
});
export type TemplateCreateRequest = z.input<typeof TemplateCreateRequest>;
export const TemplateCreateResponse = dataResponse(Template);

/** An active session of the user; `current` marks the one making the call. */
export const UserSession = z.object({
  id: z.uuid(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;
export const SessionListRequest = z.strictObject({});
export const SessionListResponse = dataResponse(z.array(UserSession));
export const SessionRevokeRequest = z.strictObject({ id: z.uuid() });
export const SessionRevokeResponse = dataResponse(z.strictObject({}));

/** The personal-info form, labels in the request's language (issue 13). */
export const ProfileField = z.object({
  key: z.enum(["first_name", "last_name", "phone", "telegram", "email"]),
  type: z.enum(["text", "phone", "email"]),
  label: z.string(),
  required: z.boolean(),
  value: z.string().nullable(),
});
export type ProfileField = z.infer<typeof ProfileField>;
export const FormFieldsRequest = z.strictObject({});
export const FormFieldsResponse = dataResponse(z.array(ProfileField));
export const UpdatePersonalInfoRequest = z.strictObject({
  fields: z.array(z.strictObject({ key: z.string().max(64), value: z.string().max(320) })).max(10),
});
export type UpdatePersonalInfoRequest = z.input<typeof UpdatePersonalInfoRequest>;
/** `login_change_sent`: a new `email` was given and a confirmation link went to it. */
export const UpdatePersonalInfoResponse = dataResponse(
  z.object({ login_change_sent: z.boolean() }),
);
export const ConfirmUpdateLoginRequest = z.strictObject({ token: z.string().max(256) });
/** The login is the new address from now on; every other session of the user ends. */
export const ConfirmUpdateLoginResponse = dataResponse(z.object({ user: User }));
