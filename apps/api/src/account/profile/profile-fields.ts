import { DISPLAY_NAME_PROBLEM_KEY, type FieldProblem, type ProfileField } from "@obmen/contracts";
import {
  displayNameProblem,
  normalizeAccountEmail,
  normalizeTelegramHandle,
  PERSONAL_NAME_MAX_LENGTH,
  validateOrderField,
} from "@obmen/domain";
import type { UserRow } from "../../http/user-auth.ts";

export type ProfileFieldKey = ProfileField["key"];

/** The personal-info form in its order (issue 13): the login e-mail last, as a login field. */
export const PROFILE_FIELDS: readonly {
  key: ProfileFieldKey;
  type: ProfileField["type"];
  required: boolean;
}[] = [
  { key: "first_name", type: "text", required: false },
  { key: "last_name", type: "text", required: false },
  { key: "phone", type: "phone", required: false },
  { key: "telegram", type: "text", required: false },
  { key: "email", type: "email", required: true },
];

/** The personal columns a form key writes (`email` is the login and changes by link only). */
export const PERSONAL_COLUMNS = {
  first_name: "firstName",
  last_name: "lastName",
  phone: "phone",
  telegram: "telegram",
} as const satisfies Record<Exclude<ProfileFieldKey, "email">, keyof UserRow>;

export function isProfileFieldKey(key: string): key is ProfileFieldKey {
  return PROFILE_FIELDS.some((field) => field.key === key);
}

export function profileFieldValue(user: UserRow, key: ProfileFieldKey): string | null {
  return key === "email" ? user.email : user[PERSONAL_COLUMNS[key]];
}

export type CheckedProfileValue =
  | { ok: true; value: string | null }
  | { ok: false; problem: FieldProblem };

/**
 * One form value, checked and normalised. An empty optional value clears the field (null);
 * names lose control characters; phones become `+digits` (validateOrderField); Telegram `@handle`; the e-mail is
 * normalised as logins are (normalizeAccountEmail).
 */
export function checkProfileValue(key: ProfileFieldKey, raw: string): CheckedProfileValue {
  const value = raw.replace(/\p{Cc}+/gu, " ").trim();
  if (value === "") {
    return key === "email"
      ? { ok: false, problem: { key: "Validation.required", field: "email" } }
      : { ok: true, value: null };
  }
  switch (key) {
    case "first_name":
    case "last_name": {
      if (value.length > PERSONAL_NAME_MAX_LENGTH) {
        return { ok: false, problem: { key: "OrderField.too_long" } };
      }
      // Names other people read (operators, letters): the one rule of issue 26 point 5.
      const problem = displayNameProblem(value);
      return problem
        ? { ok: false, problem: { key: DISPLAY_NAME_PROBLEM_KEY[problem] } }
        : { ok: true, value };
    }
    case "phone": {
      // The order form's phone rule, so a profile phone is one an order would accept.
      const phone = validateOrderField({ type: "phone", value });
      return phone.ok
        ? { ok: true, value: phone.normalized }
        : { ok: false, problem: { key: `OrderField.${phone.reason}` } };
    }
    case "telegram": {
      const handle = normalizeTelegramHandle(value);
      return handle
        ? { ok: true, value: handle }
        : { ok: false, problem: { key: "AccountErrors.InvalidTelegram" } };
    }
    case "email": {
      const email = normalizeAccountEmail(value);
      return email
        ? { ok: true, value: email }
        : { ok: false, problem: { key: "AccountErrors.InvalidEmail" } };
    }
  }
}
