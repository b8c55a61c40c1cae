import type { WebTranslate as Translate } from "@obmen/i18n";

/**
 * What a new password must be (the reset form, checked in the browser and again on the
 * server before the API sees it). Length only: NIST SP 800-63B advises a minimum length and
 * against composition rules; the maximum bounds the hashing work.
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const NEW_PASSWORD_MAX_LENGTH = 128;

export const NEW_PASSWORD_FIELDS = ["new_password", "new_password_confirmation"] as const;
export type NewPasswordField = (typeof NEW_PASSWORD_FIELDS)[number];
export type NewPasswordProblem = "Required" | "TooShort" | "TooLong" | "Mismatch";

export function checkNewPassword(
  password: string,
  confirmation: string,
): Partial<Record<NewPasswordField, NewPasswordProblem>> {
  const problems: Partial<Record<NewPasswordField, NewPasswordProblem>> = {};
  // Characters as people count them: an emoji is one, not two UTF-16 units.
  const length = [...password].length;
  if (length === 0) problems.new_password = "Required";
  else if (length < NEW_PASSWORD_MIN_LENGTH) problems.new_password = "TooShort";
  else if (length > NEW_PASSWORD_MAX_LENGTH) problems.new_password = "TooLong";
  if (confirmation.length === 0) problems.new_password_confirmation = "Required";
  else if (confirmation !== password) problems.new_password_confirmation = "Mismatch";
  return problems;
}

/** The problem in the visitor's language. */
export function newPasswordMessage(t: Translate, problem: NewPasswordProblem): string {
  switch (problem) {
    case "Required":
      return t("Modals.ResetComplete.Errors.Required");
    case "TooShort":
      return t("Modals.ResetComplete.Errors.TooShort", { count: NEW_PASSWORD_MIN_LENGTH });
    case "TooLong":
      return t("Modals.ResetComplete.Errors.TooLong", { count: NEW_PASSWORD_MAX_LENGTH });
    case "Mismatch":
      return t("Modals.ResetComplete.Errors.Mismatch");
  }
}
