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
/** Accepted and ignored until the captcha arrives with the rate limits (not checked yet). */
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
