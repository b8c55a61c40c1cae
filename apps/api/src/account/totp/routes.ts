import {
  TotpDisableRequest,
  TotpDisableResponse,
  TotpEnableRequest,
  TotpEnableResponse,
  TotpSetupRequest,
  TotpSetupResponse,
} from "@obmen/contracts";
import type { ApiRoutes } from "../../api-routes.ts";
import { disableTotp, enableTotp, setUpTotp, type TotpDeps } from "./user-totp.ts";

/** `/rest/user/totp/*`: a second factor users may switch on in the profile (issue 13). */
export function registerTotpRoutes({ define, deps }: ApiRoutes) {
  const { db, accountSecurity } = deps;
  const totp: TotpDeps = {
    db,
    appUrl: deps.appUrl,
    box: accountSecurity.totpBox,
    limits: accountSecurity.limits,
    issuer: new URL(deps.appUrl).host,
  };

  define({
    path: "/rest/user/totp/setup",
    methods: ["POST"],
    summary:
      "Start two-factor authentication: a new secret (text, otpauth URI, QR code as SVG), shown this once and pending until `enable`; 409 CONFLICT when already on",
    auth: "user",
    payload: TotpSetupRequest,
    response: TotpSetupResponse,
    handler: async ({ user, meta }) => {
      await accountSecurity.limits.throttle("totp", meta.ip);
      return setUpTotp(totp, user);
    },
  });

  define({
    path: "/rest/user/totp/enable",
    methods: ["POST"],
    summary:
      "Switch the pending secret on with a current code from the app; a wrong code is 422 under `code`",
    auth: "user",
    payload: TotpEnableRequest,
    response: TotpEnableResponse,
    handler: async ({ user, meta, payload }) => {
      await accountSecurity.limits.throttle("totp", meta.ip);
      return enableTotp(totp, { user, code: payload.code });
    },
  });

  define({
    path: "/rest/user/totp/disable",
    methods: ["POST"],
    summary:
      "Switch two-factor authentication off; needs the password and a current code (422 under `password` or `code`)",
    auth: "user",
    payload: TotpDisableRequest,
    response: TotpDisableResponse,
    handler: async ({ user, meta, payload }) => {
      await accountSecurity.limits.throttle("totp", meta.ip);
      return disableTotp(totp, { user, password: payload.password, code: payload.code });
    },
  });
}
