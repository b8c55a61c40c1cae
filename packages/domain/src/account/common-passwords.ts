import { dictionary } from "@zxcvbn-ts/language-common";
import {
  checkPasswordLength,
  PASSWORD_MIN_LENGTH,
  type PasswordProblem,
} from "./password-rules.ts";

/**
 * The common passwords long enough to pass the length rule, from zxcvbn-ts's list (about
 * 49,000 passwords seen most often in breaches, MIT, maintained with the zxcvbn-ts project):
 * about 1,500 remain, `qwertyuiop`, `1q2w3e4r5t`, `password123` and the like, Russian words
 * typed on a Latin layout included. Built on first use, since decompressing the list takes
 * tens of milliseconds that a process which never checks a password should not pay.
 * Server-side only (its own entry point, `@obmen/domain/passwords`): the list is ~380 KB.
 */
let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    dictionary["passwords-common"].filter((entry) => [...entry].length >= PASSWORD_MIN_LENGTH),
  );
  return commonPasswords;
}

/** The list is lower case; a capital letter at the start does not make `Qwertyuiop` safer. */
export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.toLowerCase());
}

/** Every rule a new password must pass, the common-password check included. */
export function checkNewPassword(password: string): PasswordProblem | null {
  return checkPasswordLength(password) ?? (isCommonPassword(password) ? "Common" : null);
}
