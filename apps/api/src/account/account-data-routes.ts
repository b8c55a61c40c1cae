import {
  ConfirmUpdateLoginRequest,
  ConfirmUpdateLoginResponse,
  FormFieldsRequest,
  FormFieldsResponse,
  RecordDeleteRequest,
  RecordDeleteResponse,
  SessionListRequest,
  SessionListResponse,
  SessionRevokeRequest,
  SessionRevokeResponse,
  TemplateCreateRequest,
  TemplateCreateResponse,
  TemplateListRequest,
  TemplateListResponse,
  UpdatePersonalInfoRequest,
  UpdatePersonalInfoResponse,
  UserOrderListRequest,
  UserOrderListResponse,
  WalletCreateRequest,
  WalletCreateResponse,
  WalletListRequest,
  WalletListResponse,
} from "@obmen/contracts";
import type { ApiRoutes } from "../api-routes.ts";
import { listUserOrders } from "./history/list-user-orders.ts";
import { confirmLoginChange } from "./login-change/confirm-login-change.ts";
import { profileFormFields } from "./profile/profile-form-fields.ts";
import { updatePersonalInfo } from "./profile/update-personal-info.ts";
import { listUserSessions } from "./sessions/list-user-sessions.ts";
import { revokeUserSession } from "./sessions/revoke-user-session.ts";
import { createTemplate } from "./templates/create-template.ts";
import { deleteTemplate } from "./templates/delete-template.ts";
import { listTemplates } from "./templates/list-templates.ts";
import { createWallet } from "./wallets/create-wallet.ts";
import { deleteWallet } from "./wallets/delete-wallet.ts";
import { listWallets } from "./wallets/list-wallets.ts";

/**
 * A signed-in user's own data (issue 13; docs/decisions/024-accounts-and-sessions.md, "Account
 * data"). Every call is `auth: "user"`, and every query names the caller as owner, so another
 * user's id is answered exactly like an unknown one: 404 NOT_FOUND, never the record.
 */
export function registerAccountDataRoutes({ define, deps }: ApiRoutes) {
  const { db, appUrl, pairCache } = deps;

  define({
    path: "/rest/user/exchange/list",
    methods: ["POST"],
    summary:
      "The order history: every order placed with the user's login e-mail (signed in or not), newest first, 20 a page, optionally one status",
    auth: "user",
    payload: UserOrderListRequest,
    response: UserOrderListResponse,
    handler: ({ payload, user, lang }) =>
      listUserOrders({ db, pairCache, user, lang, page: payload.page, status: payload.status }),
  });

  define({
    path: "/rest/user/wallet/list",
    methods: ["POST"],
    summary: "The user's saved payout details (wallets), newest first",
    auth: "user",
    payload: WalletListRequest,
    response: WalletListResponse,
    handler: ({ user }) => listWallets({ db, userId: user.id }),
  });

  define({
    path: "/rest/user/wallet/create",
    methods: ["POST"],
    summary:
      "Save a payout detail for a currency: checked like the currency's main receive field of an order (`field_key`); at most 50 per user",
    auth: "user",
    payload: WalletCreateRequest,
    response: WalletCreateResponse,
    handler: ({ payload, user, lang }) =>
      createWallet({
        db,
        lang,
        userId: user.id,
        currencyId: payload.currency_id,
        value: payload.value,
        label: payload.label,
      }),
  });

  define({
    path: "/rest/user/wallet/delete",
    methods: ["POST"],
    summary: "Delete a saved wallet; another user's or an unknown id is 404",
    auth: "user",
    payload: RecordDeleteRequest,
    response: RecordDeleteResponse,
    handler: ({ payload, user }) => deleteWallet({ db, userId: user.id, id: payload.id }),
  });

  define({
    path: "/rest/user/template/list",
    methods: ["POST"],
    summary: "The user's calculator templates (direction and amount to send), newest first",
    auth: "user",
    payload: TemplateListRequest,
    response: TemplateListResponse,
    handler: ({ user }) => listTemplates({ db, userId: user.id }),
  });

  define({
    path: "/rest/user/template/create",
    methods: ["POST"],
    summary:
      "Save a template for a direction in service; one per direction (saving it again replaces the amount); at most 50 per user",
    auth: "user",
    payload: TemplateCreateRequest,
    response: TemplateCreateResponse,
    handler: ({ payload, user, lang }) =>
      createTemplate({
        db,
        pairCache,
        lang,
        userId: user.id,
        fromCurrencyId: payload.from_currency_id,
        toCurrencyId: payload.to_currency_id,
        amount: payload.amount,
      }),
  });

  define({
    path: "/rest/user/template/delete",
    methods: ["POST"],
    summary: "Delete a template; another user's or an unknown id is 404",
    auth: "user",
    payload: RecordDeleteRequest,
    response: RecordDeleteResponse,
    handler: ({ payload, user }) => deleteTemplate({ db, userId: user.id, id: payload.id }),
  });

  define({
    path: "/rest/user/session/list",
    methods: ["POST"],
    summary:
      "The user's live sessions (created, last seen, IP, browser); `current` is the caller's",
    auth: "user",
    payload: SessionListRequest,
    response: SessionListResponse,
    handler: (caller) => listUserSessions({ db, caller }),
  });

  define({
    path: "/rest/user/session/revoke",
    methods: ["POST"],
    summary:
      "End one of the user's live sessions; another user's, an unknown or an ended one is 404",
    auth: "user",
    payload: SessionRevokeRequest,
    response: SessionRevokeResponse,
    handler: ({ payload, user }) =>
      revokeUserSession({ db, userId: user.id, sessionId: payload.id }),
  });

  define({
    path: "/rest/user/form_fields",
    methods: ["POST"],
    summary: "The personal-info form with the user's values, labels in the request's language",
    auth: "user",
    payload: FormFieldsRequest,
    response: FormFieldsResponse,
    handler: async ({ user, lang }) => profileFormFields({ user, lang }),
  });

  define({
    path: "/rest/user/update_personal_info",
    methods: ["POST"],
    summary:
      "Save personal info (errors under `fields.<key>`); a new `email` sends a /confirm-login/{token} link to it and a notice to the current login, the same answer whether or not it is registered",
    auth: "user",
    payload: UpdatePersonalInfoRequest,
    response: UpdatePersonalInfoResponse,
    handler: ({ payload, user, session, lang }) =>
      updatePersonalInfo({ db, appUrl, lang, caller: { user, session }, fields: payload.fields }),
  });

  define({
    path: "/rest/user/confirm_update_login",
    methods: ["POST"],
    summary:
      "Make the login-change link's address the login (single use, 24 h, the same user's session); ends the user's other sessions",
    auth: "user",
    payload: ConfirmUpdateLoginRequest,
    response: ConfirmUpdateLoginResponse,
    handler: ({ payload, user, session }) =>
      confirmLoginChange({ db, caller: { user, session }, token: payload.token }),
  });
}
