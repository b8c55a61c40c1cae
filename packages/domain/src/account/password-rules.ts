/**
 * What a new password must be (docs/decisions/024-accounts-and-sessions.md), checked in the
 * browser, in the web tier's actions and again by the API. Length, not composition: NIST SP
 * 800-63B and the Copenhagen Book advise a minimum length and a check against common
 * passwords (common-passwords.ts, server side) instead of "one digit, one capital" rules.
 * The maximum only bounds the hashing work a request can ask for.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Catalog keys under `Password.*`: the site and the API word them the same way. */
export type PasswordProblem = "Required" | "TooShort" | "TooLong" | "Common";

/** The length rules alone: cheap, and safe to run in the browser. */
export function checkPasswordLength(password: string): PasswordProblem | null {
  // Characters as people count them: an emoji is one, not two UTF-16 units.
  const length = [...password].length;
  if (length === 0) return "Required";
  if (length < PASSWORD_MIN_LENGTH) return "TooShort";
  if (length > PASSWORD_MAX_LENGTH) return "TooLong";
  return null;
}
