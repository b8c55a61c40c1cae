import { DEFAULT_LOCALE, isLocale, type User } from "@obmen/contracts";
import type { UserRow } from "../../http/user-auth.ts";

/**
 * A user as the API shows it to that user (`user` of info, login and confirm). Whether TOTP is
 * on lives in its own table (account/totp), so the caller says.
 */
export function userView(row: UserRow, security: { totpEnabled: boolean }): User {
  return {
    id: row.id,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    lang: isLocale(row.lang) ? row.lang : DEFAULT_LOCALE,
    email_confirmed: row.emailConfirmedAt !== null,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    telegram: row.telegram,
    totp_enabled: security.totpEnabled,
  };
}
