import {
  AdminChangePasswordRequest,
  AdminChangePasswordResponse,
  AdminLoginRequest,
  AdminLoginResponse,
  AdminLogoutResponse,
  AdminMeResponse,
  AdminTotpConfirmRequest,
  AdminTotpConfirmResponse,
  AdminTotpStartResponse,
  OPERATOR_ROLES,
} from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { clearSessionCookie, setSessionCookie } from "../http/session-cookie.ts";
import { changeOperatorPassword } from "./change-operator-password.ts";
import { confirmTotpEnrolment, startTotpEnrolment } from "./enrol-totp.ts";
import { logInOperator } from "./log-in-operator.ts";
import { endOperatorSession } from "./operator-sessions.ts";
import { sessionOperatorView } from "./operator-view.ts";

const EVERY_ROLE = OPERATOR_ROLES;

export function registerAdminAuthRoutes({
  define,
  deps,
  limiter,
  mustEnrolTotp,
  secureCookie,
}: AdminRoutes) {
  define({
    method: "POST",
    path: "/admin/api/login",
    summary:
      "Sign in with e-mail, password and, once enrolled, a TOTP code; sets the session cookie",
    role: "public",
    body: AdminLoginRequest,
    response: AdminLoginResponse,
    handler: async ({ body, ip, request, reply }) => {
      const agent = request.headers["user-agent"];
      const { operator, token } = await logInOperator({
        db: deps.db,
        limiter,
        captcha: deps.accountSecurity.captcha,
        email: body.email,
        password: body.password,
        totp: body.totp,
        captchaSolution: body.captcha,
        ip,
        userAgent: typeof agent === "string" ? agent.slice(0, 512) : null,
      });
      setSessionCookie(reply, token, secureCookie);
      return { operator: sessionOperatorView(operator, mustEnrolTotp) };
    },
  });

  define({
    method: "POST",
    path: "/admin/api/logout",
    summary: "End this session and clear its cookie",
    role: EVERY_ROLE,
    duringTotpEnrolment: true,
    response: AdminLogoutResponse,
    handler: async ({ caller, ip, reply }) => {
      await deps.db.transaction(async (tx) => {
        await endOperatorSession({ db: tx, sessionId: caller.session.id });
        await writeAudit({
          tx,
          actor: { operatorId: caller.operator.id, ip },
          action: "logout",
          targetType: "operator",
          targetId: caller.operator.id,
        });
      });
      clearSessionCookie(reply, secureCookie);
      return {};
    },
  });

  define({
    method: "GET",
    path: "/admin/api/me",
    summary: "The signed-in operator",
    role: EVERY_ROLE,
    duringTotpEnrolment: true,
    response: AdminMeResponse,
    handler: async ({ caller }) => ({
      operator: sessionOperatorView(caller.operator, mustEnrolTotp),
    }),
  });

  define({
    method: "POST",
    path: "/admin/api/me/totp",
    summary: "Start TOTP enrolment: a new secret and its otpauth:// URI (for a QR code)",
    role: EVERY_ROLE,
    duringTotpEnrolment: true,
    response: AdminTotpStartResponse,
    handler: async ({ caller, ip }) => startTotpEnrolment({ db: deps.db, caller, ip }),
  });

  define({
    method: "POST",
    path: "/admin/api/me/totp/confirm",
    summary: "Confirm TOTP enrolment with a code from the app; sign-in needs a code from then on",
    role: EVERY_ROLE,
    duringTotpEnrolment: true,
    body: AdminTotpConfirmRequest,
    response: AdminTotpConfirmResponse,
    handler: async ({ caller, body, ip }) => {
      const operator = await confirmTotpEnrolment({ db: deps.db, caller, code: body.totp, ip });
      return { operator: sessionOperatorView(operator, mustEnrolTotp) };
    },
  });

  define({
    method: "POST",
    path: "/admin/api/me/password",
    summary: "Change one's own password; every other session of the operator ends",
    role: EVERY_ROLE,
    duringTotpEnrolment: true,
    body: AdminChangePasswordRequest,
    response: AdminChangePasswordResponse,
    handler: async ({ caller, body, ip }) => {
      await changeOperatorPassword({
        db: deps.db,
        caller,
        oldPassword: body.old_password,
        newPassword: body.new_password,
        ip,
      });
      return {};
    },
  });
}
