// Browser-safe: types and the translator only. The catalogs themselves are imported from
// `@obmen/i18n/catalogs`, on the server (the web sends the browser one locale as loader data).
export {
  type MessageKey,
  type Messages,
  SERVER_SECTIONS,
  type ServerSection,
  type WebMessageKey,
  type WebMessages,
} from "./messages.ts";
export {
  createTranslator,
  type Translate,
  type TranslateValues,
  type WebTranslate,
} from "./translator.ts";
