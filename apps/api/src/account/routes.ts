import {
  ConfirmUserRequest,
  LoginRequest,
  LogoutRequest,
  LogoutResponse,
  RegisterUserRequest,
  RegisterUserResponse,
  RestoreConfirmRequest,
  RestoreConfirmResponse,
  RestoreRequest,
  RestoreResponse,
  SignedInUserResponse,
  UpdatePasswordRequest,
  UpdatePasswordResponse,
  UserInfoRequest,
  UserInfoResponse,
} from "@obmen/contracts";
import type { ApiRoutes } from "../api-routes.ts";
import { confirmEmail } from "./confirm/confirm-email.ts";
import { logIn } from "./login/log-in.ts";
import { updatePassword } from "./password/update-password.ts";
import { userView } from "./profile/user-view.ts";
import { registerUser } from "./register/register-user.ts";
import { requestPasswordReset } from "./restore/request-password-reset.ts";
import { resetPassword } from "./restore/reset-password.ts";
import { endSession } from "./sessions/end-sessions.ts";

/** Spec §7 `/rest/user/*`: accounts and sessions (docs/decisions/024-accounts-and-sessions.md). */
export function registerAccountRoutes({ define, deps }: ApiRoutes) {
  const { db, appUrl } = deps;

  define({
    path: "/rest/user/register",
    methods: ["POST"],
    summary:
      "Register; the same `{}` for a new and a known e-mail (each gets its letter). `captcha` is not checked yet",
    payload: RegisterUserRequest,
    response: RegisterUserResponse,
    handler: ({ payload, lang }) => registerUser({ db, appUrl, lang, ...payload }),
  });

  define({
    path: "/rest/user/confirm",
    methods: ["POST"],
    summary: "Confirm the e-mail with the letter's token; signs the user in",
    payload: ConfirmUserRequest,
    response: SignedInUserResponse,
    handler: ({ payload, meta }) =>
      confirmEmail({
        db,
        token: payload.confirm_token,
        ip: meta.ip,
        userAgent: payload.user_agent,
      }),
  });

  define({
    path: "/rest/user/login",
    methods: ["POST"],
    summary:
      "Sign in; a wrong password and an unknown e-mail get the same 401 INVALID_CREDENTIALS. `captcha` is not checked yet",
    payload: LoginRequest,
    response: SignedInUserResponse,
    handler: ({ payload, lang, meta }) =>
      logIn({
        db,
        appUrl,
        lang,
        email: payload.email,
        password: payload.password,
        ip: meta.ip,
        userAgent: payload.user_agent,
      }),
  });

  define({
    path: "/rest/user/info",
    methods: ["GET", "POST"],
    summary: "The signed-in user",
    auth: "user",
    payload: UserInfoRequest,
    response: UserInfoResponse,
    handler: async ({ user }) => ({ user: userView(user) }),
  });

  define({
    path: "/rest/user/logout",
    methods: ["POST"],
    summary: "End the session the token belongs to",
    auth: "user",
    payload: LogoutRequest,
    response: LogoutResponse,
    handler: async ({ session }) => {
      await endSession({ db, sessionId: session.id });
      return {};
    },
  });

  define({
    path: "/rest/user/restore",
    methods: ["POST"],
    summary:
      "Ask for a password reset letter; the same `{}` for known and unknown e-mails. `captcha` is not checked yet",
    payload: RestoreRequest,
    response: RestoreResponse,
    handler: ({ payload, lang }) =>
      requestPasswordReset({ db, appUrl, lang, email: payload.email }),
  });

  define({
    path: "/rest/user/restore_confirm",
    methods: ["POST"],
    summary: "Set a new password with the reset letter's token; ends every session of the user",
    payload: RestoreConfirmRequest,
    response: RestoreConfirmResponse,
    handler: ({ payload, lang }) =>
      resetPassword({
        db,
        appUrl,
        lang,
        token: payload.reset_token,
        newPassword: payload.new_password,
      }),
  });

  define({
    path: "/rest/user/update_password",
    methods: ["POST"],
    summary: "Change the password (the current one required); ends the user's other sessions",
    auth: "user",
    payload: UpdatePasswordRequest,
    response: UpdatePasswordResponse,
    handler: ({ payload, user, session }) =>
      updatePassword({
        db,
        appUrl,
        caller: { user, session },
        oldPassword: payload.old_password,
        newPassword: payload.new_password,
      }),
  });
}
