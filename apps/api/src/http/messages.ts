import type { ErrorCode, Locale } from "@obmen/contracts";

/** Human messages for each error code, in every interface language (DESIGN.md "Responses"). */
const ERROR_MESSAGES: Record<ErrorCode, Record<Locale, string>> = {
  BAD_ENVELOPE: {
    ru: "Запрос оформлен неверно: ожидаются поля data и signed.",
    en: "The request is malformed: the data and signed fields are expected.",
    uk: "Запит сформовано неправильно: очікуються поля data і signed.",
  },
  UNKNOWN_CLIENT: {
    ru: "Неизвестный ключ API.",
    en: "Unknown API key.",
    uk: "Невідомий ключ API.",
  },
  BAD_SIGNATURE: {
    ru: "Подпись запроса не совпадает.",
    en: "The request signature does not match.",
    uk: "Підпис запиту не збігається.",
  },
  STALE_REQUEST: {
    ru: "Время запроса отсутствует или вышло за допустимые пределы. Проверьте часы и повторите запрос.",
    en: "The request time is missing or outside the allowed window. Check your clock and try again.",
    uk: "Час запиту відсутній або виходить за допустимі межі. Перевірте годинник і повторіть запит.",
  },
  REPLAYED_REQUEST: {
    ru: "Этот запрос уже был выполнен.",
    en: "This request has already been made.",
    uk: "Цей запит уже було виконано.",
  },
  PAYLOAD_TOO_LARGE: {
    ru: "Запрос слишком большой.",
    en: "The request is too large.",
    uk: "Запит завеликий.",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    ru: "Неподдерживаемый формат запроса.",
    en: "Unsupported request format.",
    uk: "Непідтримуваний формат запиту.",
  },
  VALIDATION_FAILED: {
    ru: "Проверьте введённые данные.",
    en: "Please check the data you entered.",
    uk: "Перевірте введені дані.",
  },
  INVALID_QUERY: {
    ru: "Неверные параметры запроса.",
    en: "The query parameters are invalid.",
    uk: "Неправильні параметри запиту.",
  },
  NOT_FOUND: { ru: "Не найдено.", en: "Not found.", uk: "Не знайдено." },
  UNAUTHORIZED: {
    ru: "Войдите в аккаунт.",
    en: "Please sign in.",
    uk: "Увійдіть в обліковий запис.",
  },
  FORBIDDEN: {
    ru: "Недостаточно прав.",
    en: "You are not allowed to do this.",
    uk: "Недостатньо прав.",
  },
  CONFLICT: {
    ru: "Действие невозможно в текущем состоянии.",
    en: "This action is not possible in the current state.",
    uk: "Дія неможлива в поточному стані.",
  },
  RATE_CHANGED: {
    ru: "Курс изменился. Проверьте новую сумму.",
    en: "The rate has changed. Please check the new amount.",
    uk: "Курс змінився. Перевірте нову суму.",
  },
  INSUFFICIENT_RESERVE: {
    ru: "Недостаточно резерва для этой суммы.",
    en: "Not enough reserve for this amount.",
    uk: "Недостатньо резерву для цієї суми.",
  },
  PAIR_INACTIVE: {
    ru: "Это направление обмена сейчас недоступно.",
    en: "This exchange direction is not available right now.",
    uk: "Цей напрямок обміну зараз недоступний.",
  },
  RATE_LIMITED: {
    ru: "Слишком много запросов. Повторите чуть позже.",
    en: "Too many requests. Please try again shortly.",
    uk: "Забагато запитів. Спробуйте трохи пізніше.",
  },
  METHOD_NOT_ALLOWED: {
    ru: "Метод не поддерживается.",
    en: "Method not allowed.",
    uk: "Метод не підтримується.",
  },
  INTERNAL: {
    ru: "Внутренняя ошибка. Мы уже разбираемся.",
    en: "Internal error. We are looking into it.",
    uk: "Внутрішня помилка. Ми вже розбираємося.",
  },
  UNAVAILABLE: {
    ru: "Сервис временно недоступен.",
    en: "The service is temporarily unavailable.",
    uk: "Сервіс тимчасово недоступний.",
  },
};

export function errorMessage(code: ErrorCode, lang: Locale): string {
  return ERROR_MESSAGES[code][lang];
}

/** Readable names of payload paths, for messages like the spec's '{path} is a required field'. */
const FIELD_NAMES: Record<string, Record<Locale, string>> = {
  currency_pairs_in_service_id: {
    ru: "Направление обмена",
    en: "Exchange direction",
    uk: "Напрямок обміну",
  },
  email: { ru: "E-mail", en: "E-mail", uk: "E-mail" },
  send_amount: { ru: "Сумма отправки", en: "Amount to send", uk: "Сума відправлення" },
  receive_amount: { ru: "Сумма получения", en: "Amount to receive", uk: "Сума отримання" },
  exchange_uuid: { ru: "Номер заявки", en: "Order number", uk: "Номер заявки" },
  exchange_status: { ru: "Статус заявки", en: "Order status", uk: "Статус заявки" },
};

export function fieldName(path: string, lang: Locale): string {
  return FIELD_NAMES[path]?.[lang] ?? path;
}

const VALIDATION_TEMPLATES = {
  required: {
    ru: "{path} — обязательное поле",
    en: "{path} is a required field",
    uk: "{path} — обов'язкове поле",
  },
  invalid: {
    ru: "{path}: недопустимое значение",
    en: "{path} has an invalid value",
    uk: "{path}: неприпустиме значення",
  },
  unknown: {
    ru: "{path}: неизвестное поле",
    en: "{path} is not a known field",
    uk: "{path}: невідоме поле",
  },
} satisfies Record<string, Record<Locale, string>>;

export function validationMessage(
  kind: keyof typeof VALIDATION_TEMPLATES,
  path: string,
  lang: Locale,
): string {
  return VALIDATION_TEMPLATES[kind][lang].replace("{path}", fieldName(path, lang));
}
