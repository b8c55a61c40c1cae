import type { Locale } from "@obmen/contracts";
import type { AmountViolation, FieldRejectionReason } from "@obmen/domain";

type Catalog = Record<Locale, string>;

type FieldReason = FieldRejectionReason | "unknown_field" | "email" | "invalid_text";

const FIELD_REASONS: Record<FieldReason, Catalog> = {
  required: {
    ru: "{label} — обязательное поле",
    en: "{label} is a required field",
    uk: "{label} — обов'язкове поле",
  },
  invalid_address: {
    ru: "Неверный адрес кошелька: проверьте сеть и каждый символ",
    en: "This is not a valid wallet address for this network",
    uk: "Неправильна адреса гаманця: перевірте мережу та кожен символ",
  },
  invalid_card: {
    ru: "Неверный номер карты",
    en: "This card number is not valid",
    uk: "Неправильний номер картки",
  },
  invalid_phone: {
    ru: "Укажите телефон в международном формате, например +7 900 123-45-67",
    en: "Enter the phone in international format, e.g. +44 7700 900123",
    uk: "Вкажіть телефон у міжнародному форматі, наприклад +380 67 123 45 67",
  },
  invalid_name: {
    ru: "Укажите имя и фамилию буквами",
    en: "Enter a first and last name in letters",
    uk: "Вкажіть ім'я та прізвище літерами",
  },
  invalid_email: {
    ru: "Неверный адрес e-mail",
    en: "This e-mail address is not valid",
    uk: "Неправильна адреса e-mail",
  },
  invalid_text: {
    ru: "Недопустимое значение",
    en: "This value is not allowed",
    uk: "Неприпустиме значення",
  },
  too_long: {
    ru: "Слишком длинное значение",
    en: "This value is too long",
    uk: "Задовге значення",
  },
  unknown_field: {
    ru: "Это поле не относится к выбранному направлению",
    en: "This field does not belong to the chosen direction",
    uk: "Це поле не стосується обраного напрямку",
  },
  email: {
    ru: "Неверный адрес e-mail",
    en: "This e-mail address is not valid",
    uk: "Неправильна адреса e-mail",
  },
};

export function fieldMessage(reason: FieldReason, lang: Locale, label = ""): string {
  return (FIELD_REASONS[reason] ?? FIELD_REASONS.invalid_text)[lang].replace("{label}", label);
}

const AMOUNT_MESSAGES: Record<AmountViolation["code"], Catalog> = {
  not_a_number: {
    ru: "Введите сумму числом",
    en: "Enter the amount as a number",
    uk: "Введіть суму числом",
  },
  too_many_decimals: {
    ru: "Не больше {limit} знаков после точки",
    en: "At most {limit} decimal places",
    uk: "Не більше {limit} знаків після крапки",
  },
  below_min: {
    ru: "Минимальная сумма — {limit} {code}",
    en: "The minimum is {limit} {code}",
    uk: "Мінімальна сума — {limit} {code}",
  },
  above_max: {
    ru: "Максимальная сумма — {limit} {code}",
    en: "The maximum is {limit} {code}",
    uk: "Максимальна сума — {limit} {code}",
  },
  above_reserve: {
    ru: "Резерв позволяет не больше {limit} {code}",
    en: "The reserve allows at most {limit} {code}",
    uk: "Резерв дозволяє не більше {limit} {code}",
  },
};

export function amountMessage(
  violation: AmountViolation,
  currencyCode: string,
  lang: Locale,
): string {
  return AMOUNT_MESSAGES[violation.code][lang]
    .replace("{limit}", violation.limit ?? "")
    .replace("{code}", currencyCode);
}

const MISMATCH: Catalog = {
  ru: "Не совпадает с выбранным направлением — обновите страницу",
  en: "Does not match the chosen direction — please reload the page",
  uk: "Не збігається з обраним напрямком — оновіть сторінку",
};

export function mismatchMessage(lang: Locale): string {
  return MISMATCH[lang];
}
