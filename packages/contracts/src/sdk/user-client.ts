import type { z } from "zod";
import {
  type ConfirmUserRequest,
  type LoginRequest,
  LogoutResponse,
  type RegisterUserRequest,
  RegisterUserResponse,
  RestoreConfirmResponse,
  type RestoreRequest,
  RestoreResponse,
  SignedInUserResponse,
  TotpDisableResponse,
  TotpEnableResponse,
  TotpSetupResponse,
  UpdatePasswordResponse,
  UserInfoResponse,
} from "../account.ts";
import {
  ConfirmUpdateLoginResponse,
  FormFieldsResponse,
  RecordDeleteResponse,
  SessionListResponse,
  SessionRevokeResponse,
  type TemplateCreateRequest,
  TemplateCreateResponse,
  TemplateListResponse,
  type UpdatePersonalInfoRequest,
  UpdatePersonalInfoResponse,
  UserOrderListResponse,
  type WalletCreateRequest,
  WalletCreateResponse,
  WalletListResponse,
} from "../account-data.ts";
import type { DataResponseSchema } from "../response.ts";
import type { CallerContext, ResponseData } from "./client.ts";

type Call = <S extends DataResponseSchema>(
  caller: CallerContext,
  path: string,
  payload: Record<string, unknown>,
  idempotent: boolean,
  response: S,
) => Promise<ResponseData<S>>;

/**
 * The `/rest/user/*` calls (docs/decisions/024-accounts-and-sessions.md). A signed-in call
 * needs the session token in `caller.userAuthToken`; without a live one it fails with 401
 * `UNAUTHORIZED`. Only reads are retried: a token works once, and a repeated login or
 * register would mail or sign in twice.
 */
export function createUserClient(call: Call) {
  return {
    register: (caller: CallerContext, form: RegisterUserRequest) =>
      call(caller, "/rest/user/register", { ...form }, false, RegisterUserResponse),
    /** Confirms the e-mail with the letter's token and signs the user in. */
    confirm: (caller: CallerContext, form: z.input<typeof ConfirmUserRequest>) =>
      call(caller, "/rest/user/confirm", { ...form }, false, SignedInUserResponse),
    login: (caller: CallerContext, form: LoginRequest) =>
      call(caller, "/rest/user/login", { ...form }, false, SignedInUserResponse),
    info: (caller: CallerContext) => call(caller, "/rest/user/info", {}, true, UserInfoResponse),
    /** Ends the session whose token the caller carries. */
    logout: (caller: CallerContext) => call(caller, "/rest/user/logout", {}, false, LogoutResponse),
    restore: (caller: CallerContext, form: RestoreRequest) =>
      call(caller, "/rest/user/restore", { ...form }, false, RestoreResponse),
    restoreConfirm: (caller: CallerContext, form: { reset_token: string; new_password: string }) =>
      call(caller, "/rest/user/restore_confirm", { ...form }, false, RestoreConfirmResponse),
    updatePassword: (caller: CallerContext, form: { old_password: string; new_password: string }) =>
      call(caller, "/rest/user/update_password", { ...form }, false, UpdatePasswordResponse),
    formFields: (caller: CallerContext) =>
      call(caller, "/rest/user/form_fields", {}, true, FormFieldsResponse),
    updatePersonalInfo: (caller: CallerContext, form: UpdatePersonalInfoRequest) =>
      call(
        caller,
        "/rest/user/update_personal_info",
        { ...form },
        false,
        UpdatePersonalInfoResponse,
      ),
    confirmUpdateLogin: (caller: CallerContext, form: { token: string }) =>
      call(
        caller,
        "/rest/user/confirm_update_login",
        { ...form },
        false,
        ConfirmUpdateLoginResponse,
      ),
    /** The order history (orders placed with the confirmed login e-mail), newest first. */
    orders: (caller: CallerContext, query: { page?: number; status?: string } = {}) =>
      call(caller, "/rest/user/exchange/list", { ...query }, true, UserOrderListResponse),
    wallets: {
      list: (caller: CallerContext) =>
        call(caller, "/rest/user/wallet/list", {}, true, WalletListResponse),
      create: (caller: CallerContext, form: WalletCreateRequest) =>
        call(caller, "/rest/user/wallet/create", { ...form }, false, WalletCreateResponse),
      delete: (caller: CallerContext, id: number) =>
        call(caller, "/rest/user/wallet/delete", { id }, true, RecordDeleteResponse),
    },
    templates: {
      list: (caller: CallerContext) =>
        call(caller, "/rest/user/template/list", {}, true, TemplateListResponse),
      create: (caller: CallerContext, form: TemplateCreateRequest) =>
        call(caller, "/rest/user/template/create", { ...form }, false, TemplateCreateResponse),
      delete: (caller: CallerContext, id: number) =>
        call(caller, "/rest/user/template/delete", { id }, true, RecordDeleteResponse),
    },
    /**
     * Two-factor authentication (TOTP): `setup` shows a new secret once (pending), `enable`
     * switches it on with a current code, `disable` needs the password and a code.
     */
    totp: {
      setup: (caller: CallerContext) =>
        call(caller, "/rest/user/totp/setup", {}, false, TotpSetupResponse),
      enable: (caller: CallerContext, form: { code: string }) =>
        call(caller, "/rest/user/totp/enable", { ...form }, false, TotpEnableResponse),
      disable: (caller: CallerContext, form: { password: string; code: string }) =>
        call(caller, "/rest/user/totp/disable", { ...form }, false, TotpDisableResponse),
    },
    sessions: {
      list: (caller: CallerContext) =>
        call(caller, "/rest/user/session/list", {}, true, SessionListResponse),
      revoke: (caller: CallerContext, id: string) =>
        call(caller, "/rest/user/session/revoke", { id }, true, SessionRevokeResponse),
    },
  };
}
