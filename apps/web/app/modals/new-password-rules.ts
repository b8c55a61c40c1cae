import { checkPasswordLength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@obmen/domain";
import type { WebTranslate as Translate } from "@obmen/i18n";

/**
 * What a new password must be (the reset form, checked in the browser and again on the
 * server before the API sees it): the domain's length rules, the ones the API applies
 * (docs/decisions/024-accounts-and-sessions.md). The API alone checks the common-password
 * list, which is too big for the browser, and reports it under `new_password`.
 */
export const NEW_PASSWORD_MIN_LENGTH = PASSWORD_MIN_LENGTH;
export const NEW_PASSWORD_MAX_LENGTH = PASSWORD_MAX_LENGTH;

export const NEW_PASSWORD_FIELDS = ["new_password", "new_password_confirmation"] as const;
export type NewPasswordField = (typeof NEW_PASSWORD_FIELDS)[number];
export type NewPasswordProblem = "Required" | "TooShort" | "TooLong" | "Mismatch";

export function checkNewPassword(
  password: string,
  confirmation: string,
): Partial<Record<NewPasswordField, NewPasswordProblem>> {
  const problems: Partial<Record<NewPasswordField, NewPasswordProblem>> = {};
  const problem = checkPasswordLength(password);
  if (problem && problem !== "Common") problems.new_password = problem;
  if (confirmation.length === 0) problems.new_password_confirmation = "Required";
  else if (confirmation !== password) problems.new_password_confirmation = "Mismatch";
  return problems;
}

/** The problem in the visitor's language: the same words (`Password.*`) as the API's. */
export function newPasswordMessage(t: Translate, problem: NewPasswordProblem): string {
  switch (problem) {
    case "Required":
      return t("Password.Required");
    case "TooShort":
      return t("Password.TooShort", { count: NEW_PASSWORD_MIN_LENGTH });
    case "TooLong":
      return t("Password.TooLong", { count: NEW_PASSWORD_MAX_LENGTH });
    case "Mismatch":
      return t("Password.Mismatch");
  }
}
