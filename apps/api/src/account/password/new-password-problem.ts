import type { FieldProblem } from "@obmen/contracts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@obmen/domain";
import { checkNewPassword } from "@obmen/domain/passwords";

/**
 * A new password's problem as the error's field entry, worded by `Password.*` like the site's
 * own check (domain account/password-rules.ts); null when the password may be used.
 */
export function newPasswordProblem(password: string): FieldProblem | null {
  const problem = checkNewPassword(password);
  switch (problem) {
    case null:
      return null;
    case "TooShort":
      return { key: "Password.TooShort", values: { count: PASSWORD_MIN_LENGTH } };
    case "TooLong":
      return { key: "Password.TooLong", values: { count: PASSWORD_MAX_LENGTH } };
    default:
      return { key: `Password.${problem}` };
  }
}
