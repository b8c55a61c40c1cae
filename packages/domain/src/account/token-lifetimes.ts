const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long sessions and e-mailed tokens live (issue 13; the Copenhagen Book's session and
 * password-reset chapters). A session slides: each use within its lifetime extends it, but
 * only once its last extension is a day old, so a busy user costs a write per day, not one
 * per request.
 */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
export const SESSION_EXTEND_AFTER_MS = DAY_MS;

export const USER_TOKEN_KINDS = ["confirm", "reset", "login_change"] as const;
export type UserTokenKind = (typeof USER_TOKEN_KINDS)[number];

/** A reset link grants the account, so it lives an hour; the others only prove a mailbox. */
export const USER_TOKEN_LIFETIME_MS: Record<UserTokenKind, number> = {
  confirm: DAY_MS,
  reset: HOUR_MS,
  login_change: DAY_MS,
};
