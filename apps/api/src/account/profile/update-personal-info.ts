import { AppError, ErrorCode, type FieldProblem, type Locale } from "@obmen/contracts";
import { type Database, users } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import type { SignedInCaller } from "../../http/user-auth.ts";
import { requestLoginChange } from "../login-change/request-login-change.ts";
import { checkProfileValue, isProfileFieldKey, PERSONAL_COLUMNS } from "./profile-fields.ts";

type PersonalChanges = Partial<
  Record<(typeof PERSONAL_COLUMNS)[keyof typeof PERSONAL_COLUMNS], string | null>
>;

/**
 * `/rest/user/update_personal_info`: every given field is checked first, and any problem
 * refuses the whole form (422, each under `fields.<key>`), so a form is saved whole or not at
 * all. A new `email` does not change the login: it starts a login change (a link to the new
 * address, a notice to the current one), reported as `login_change_sent`.
 */
export async function updatePersonalInfo(options: {
  db: Database;
  appUrl: string;
  lang: Locale;
  caller: SignedInCaller;
  fields: { key: string; value: string }[];
}): Promise<{ login_change_sent: boolean }> {
  const { caller } = options;
  // No prototype: a client's key `__proto__` is a key like any other.
  const errors: Record<string, FieldProblem> = Object.create(null);
  const seen = new Set<string>();
  const changes: PersonalChanges = {};
  let newEmail: string | null = null;
  for (const { key, value } of options.fields) {
    const path = `fields.${key}`;
    if (seen.has(key)) {
      errors[path] = { key: "AccountErrors.DuplicateField" };
      continue;
    }
    seen.add(key);
    if (!isProfileFieldKey(key)) {
      errors[path] = { key: "Validation.unknown", field: key };
      continue;
    }
    const checked = checkProfileValue(key, value);
    if (!checked.ok) errors[path] = checked.problem;
    else if (key === "email") newEmail = checked.value;
    else changes[PERSONAL_COLUMNS[key]] = checked.value;
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, { fields: errors });
  }

  const changesLogin = newEmail !== null && newEmail !== caller.user.email;
  await options.db.transaction(async (tx) => {
    if (Object.keys(changes).length > 0) {
      await tx
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, caller.user.id));
    }
    if (changesLogin) {
      await requestLoginChange({
        tx,
        appUrl: options.appUrl,
        lang: options.lang,
        user: caller.user,
        newEmail: newEmail!,
      });
    }
  });
  return { login_change_sent: changesLogin };
}
