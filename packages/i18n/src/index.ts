// Browser-safe: types and the translator only. The catalogs themselves come from
// `@obmen/i18n/catalogs` (catalogs.server.ts), on the server only: the web sends the browser
// one language's site sections as loader data (docs/decisions/016-one-catalog.md).
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
