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
import { passCaptchaGate } from "./captcha/captcha-gate.ts";
import { confirmEmail } from "./confirm/confirm-email.ts";
import { logIn } from "./login/log-in.ts";
import { rememberAndOpenLogin } from "./login/login-opening.ts";
import { updatePassword } from "./password/update-password.ts";
import { userView } from "./profile/user-view.ts";
import { registerUser } from "./register/register-user.ts";
import { requestPasswordReset } from "./restore/request-password-reset.ts";
import { resetPassword } from "./restore/reset-password.ts";
import { endSession } from "./sessions/end-sessions.ts";
import { registerTotpRoutes } from "./totp/routes.ts";
import { isTotpEnabled } from "./totp/user-totp.ts";

/** Spec §7 `/rest/user/*`: accounts and sessions (docs/decisions/024-accounts-and-sessions.md). */
export function registerAccountRoutes(routes: ApiRoutes) {
  const { define, deps } = routes;
  const { db, appUrl, accountSecurity: security } = deps;
  const { limits } = security;

  define({
    path: "/rest/user/register",
    methods: ["POST"],
    summary:
      "Register; the same `{}` for a new and a known e-mail (each gets its letter). After repeated failed logins from the IP, 400 CAPTCHA_REQUIRED without a solved `captcha`",
    payload: RegisterUserRequest,
    response: RegisterUserResponse,
    handler: async ({ payload, lang, meta }) => {
      const { captcha, ...form } = payload;
      return passCaptchaGate({
        security,
        call: "register",
        ip: meta.ip,
        email: form.email,
        captcha,
        run: () => registerUser({ db, appUrl, lang, ...form }),
      });
    },
  });

  define({
    path: "/rest/user/confirm",
    methods: ["POST"],
    summary: "Confirm the e-mail with the letter's token; signs the user in",
    payload: ConfirmUserRequest,
    response: SignedInUserResponse,
    handler: async ({ payload, meta }) => {
      await limits.throttle("confirm", meta.ip);
      return confirmEmail({
        db,
        token: payload.confirm_token,
        ip: meta.ip,
        userAgent: payload.user_agent,
      });
    },
  });

  define({
    path: "/rest/user/login",
    methods: ["POST"],
    summary:
      "Sign in; a wrong password and an unknown e-mail get the same 401 INVALID_CREDENTIALS. After repeated failures 400 CAPTCHA_REQUIRED without a solved `captcha`; with TOTP on, 401 TOTP_REQUIRED until `totp` carries the code",
    payload: LoginRequest,
    response: SignedInUserResponse,
    rememberWith: ({ signature, timestamp, meta, payload }) =>
      rememberAndOpenLogin({
        db,
        guard: routes.security.replayGuard,
        limits: security.limits,
        signature,
        timestamp,
        email: payload.email,
        ip: meta.ip,
      }),
    handler: ({ payload, lang, meta, remembered }) =>
      logIn({
        db,
        security,
        appUrl,
        lang,
        email: payload.email,
        password: payload.password,
        captcha: payload.captcha,
        totp: payload.totp,
        ip: meta.ip,
        userAgent: payload.user_agent,
        opened: remembered,
      }),
  });

  define({
    path: "/rest/user/info",
    methods: ["GET", "POST"],
    summary: "The signed-in user",
    auth: "user",
    payload: UserInfoRequest,
    response: UserInfoResponse,
    handler: async ({ user }) => ({
      user: userView(user, { totpEnabled: await isTotpEnabled(db, user.id) }),
    }),
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
      "Ask for a password reset letter; the same `{}` for known and unknown e-mails. After repeated failed logins (the IP's or the account's), 400 CAPTCHA_REQUIRED without a solved `captcha`",
    payload: RestoreRequest,
    response: RestoreResponse,
    handler: async ({ payload, lang, meta }) => {
      return passCaptchaGate({
        security,
        call: "restore",
        ip: meta.ip,
        email: payload.email,
        captcha: payload.captcha,
        run: () => requestPasswordReset({ db, appUrl, lang, email: payload.email }),
      });
    },
  });

  define({
    path: "/rest/user/restore_confirm",
    methods: ["POST"],
    summary: "Set a new password with the reset letter's token; ends every session of the user",
    payload: RestoreConfirmRequest,
    response: RestoreConfirmResponse,
    handler: async ({ payload, lang, meta }) => {
      await limits.throttle("restore_confirm", meta.ip);
      return resetPassword({
        db,
        appUrl,
        lang,
        token: payload.reset_token,
        newPassword: payload.new_password,
      });
    },
  });

  define({
    path: "/rest/user/update_password",
    methods: ["POST"],
    summary: "Change the password (the current one required); ends the user's other sessions",
    auth: "user",
    payload: UpdatePasswordRequest,
    response: UpdatePasswordResponse,
    handler: async ({ payload, user, session, meta }) => {
      await limits.throttle("update_password", meta.ip);
      return updatePassword({
        db,
        limits,
        appUrl,
        caller: { user, session },
        oldPassword: payload.old_password,
        newPassword: payload.new_password,
      });
    },
  });

  registerTotpRoutes(routes);
}
