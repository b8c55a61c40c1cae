import type { Locale, ProfileField } from "@obmen/contracts";
import { translatorFor } from "@obmen/i18n/catalogs";
import type { UserRow } from "../../http/user-auth.ts";
import { PROFILE_FIELDS, profileFieldValue } from "./profile-fields.ts";

/**
 * `/rest/user/form_fields`: the personal-info form with the user's values, labels in the
 * request's language from the catalog's field names (the same words the form's errors use).
 */
export function profileFormFields(options: { user: UserRow; lang: Locale }): ProfileField[] {
  const t = translatorFor(options.lang);
  return PROFILE_FIELDS.map((field) => ({
    key: field.key,
    type: field.type,
    label: t(`FieldNames.${field.key}`),
    required: field.required,
    value: profileFieldValue(options.user, field.key),
  }));
}
