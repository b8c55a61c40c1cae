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
  UpdatePasswordResponse,
  UserInfoResponse,
} from "../account.ts";
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
  };
}
