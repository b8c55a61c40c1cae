import { z } from "zod";
import { LOCALES } from "./locales.ts";
import { dataResponse } from "./response.ts";

/**
 * The `/rest/user/*` calls (spec §7, issue 13). Passwords are only bounded here; their rules
 * (length, common passwords) are the domain's and are reported under the password's field
 * with the other problems of the form (docs/decisions/024-accounts-and-sessions.md).
 */

/**
 * A typed e-mail, only bounded here: the API normalises it (trim, lower case) and reports one
 * that is not an address under `email`, with the form's other problems.
 */
const Email = z.string().max(320);
/** Far above the domain's maximum, so a long password is told "too long", not "invalid". */
const Password = z.string().max(1024);
/** A link's token as the letter carried it: URL-safe, long enough for ≥ 128 random bits. */
const LinkToken = z.string().max(256);
/**
 * A solved ALTCHA challenge (`GET /api/captcha/challenge`), as the widget gives it: needed only
 * after repeated failed logins, when a call answers 400 `CAPTCHA_REQUIRED`; each works once.
 */
const Captcha = z.string().max(4096).optional();
/**
 * The end user's browser (`User-Agent`) as the calling tier saw it, kept with the session for
 * the user's list of active sessions. The envelope carries the IP but no agent.
 */
const UserAgent = z.string().max(512).optional();

export const RegisterUserRequest = z.strictObject({
  email: Email,
  password: Password,
  /** Acceptance of the user agreement; anything but `true` is refused under `agreement`. */
  agreement: z.boolean(),
  /** The affiliate `rid` the visitor came with, stored as given. */
  rid: z.string().max(64).optional(),
  captcha: Captcha,
});
export type RegisterUserRequest = z.input<typeof RegisterUserRequest>;

/** `{}`: the same for a new and an already registered address, so neither is revealed. */
export const EmptyResult = z.strictObject({});
export const RegisterUserResponse = dataResponse(EmptyResult);

/** The signed-in user, as `/rest/user/info`, login and confirm return it. */
export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  created_at: z.string(),
  lang: z.enum(LOCALES),
  email_confirmed: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  telegram: z.string().nullable(),
  /** Whether logins ask for a code from an authenticator app (TOTP). */
  totp_enabled: z.boolean(),
});
export type User = z.infer<typeof User>;

/** A new session: its token goes into the envelope's `user_auth_token` from now on. */
export const SignedInUser = z.object({ user_auth_token: z.string(), user: User });
export type SignedInUser = z.infer<typeof SignedInUser>;
export const SignedInUserResponse = dataResponse(SignedInUser);

export const ConfirmUserRequest = z.strictObject({
  confirm_token: LinkToken,
  user_agent: UserAgent,
});

export const LoginRequest = z.strictObject({
  email: Email,
  password: Password,
  captcha: Captcha,
  /**
   * The 6-digit code of an account with two-factor authentication on; without it the right
   * password gets 401 `TOTP_REQUIRED`, and the form asks for the code and sends all again.
   */
  totp: z.string().max(16).optional(),
  user_agent: UserAgent,
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const UserInfoRequest = z.strictObject({});
export const UserInfoResponse = dataResponse(z.object({ user: User }));

export const LogoutRequest = z.strictObject({});
export const LogoutResponse = dataResponse(EmptyResult);

export const RestoreRequest = z.strictObject({ email: Email, captcha: Captcha });
export type RestoreRequest = z.input<typeof RestoreRequest>;
export const RestoreResponse = dataResponse(EmptyResult);

export const RestoreConfirmRequest = z.strictObject({
  reset_token: LinkToken,
  new_password: Password,
});
export const RestoreConfirmResponse = dataResponse(EmptyResult);

export const UpdatePasswordRequest = z.strictObject({
  old_password: Password,
  new_password: Password,
});
export const UpdatePasswordResponse = dataResponse(EmptyResult);

/** A 6-digit code from the authenticator app; anything else is simply a wrong code. */
const TotpCode = z.string().max(16);

/** `/rest/user/totp/setup`: a new secret, shown this once, pending until `enable`. */
export const TotpSetupRequest = z.strictObject({});
export const TotpSetupResponse = dataResponse(
  z.object({
    /** Base32, for typing into the app by hand. */
    secret: z.string(),
    otpauth_uri: z.string(),
    /** The URI as a QR code, an SVG document to show as an image. */
    qr_svg: z.string(),
  }),
);

export const TotpEnableRequest = z.strictObject({ code: TotpCode });
export const TotpEnableResponse = dataResponse(EmptyResult);

export const TotpDisableRequest = z.strictObject({ password: Password, code: TotpCode });
export const TotpDisableResponse = dataResponse(EmptyResult);

/** `POST /api/verify` (spec §7): plain JSON, unsigned. */
export const CaptchaVerifyRequest = z.strictObject({ captcha: z.string().max(4096) });
/** Whether the solution would be accepted now (solved, signed by us, unexpired, unused); not spent. */
export const CaptchaVerifyResponse = dataResponse(z.object({ verified: z.boolean() }));

/**
 * `GET /api/captcha/challenge`: an ALTCHA proof-of-work challenge (PoW v2) for the widget's
 * `challenge` option; `enabled: false` with `CAPTCHA_PROVIDER=none` (then nothing asks for one).
 */
export const CaptchaChallengeResponse = dataResponse(
  z.object({
    enabled: z.boolean(),
    challenge: z
      .object({
        parameters: z.looseObject({
          algorithm: z.string(),
          nonce: z.string(),
          salt: z.string(),
          cost: z.number(),
          keyLength: z.number(),
          keyPrefix: z.string(),
          expiresAt: z.number().optional(),
        }),
        signature: z.string().optional(),
      })
      .nullable(),
  }),
);
