import { CONSOLE_LOCALES, useI18n } from "../i18n.tsx";

/** The console's language, kept in this browser (decision 030). */
export function LanguageSwitch() {
  const { t, locale, setLocale } = useI18n();
  return (
    <label className="lang">
      <span className="visually-hidden">{t("Console.Language")}</span>
      <select value={locale} onChange={(event) => setLocale(event.target.value as typeof locale)}>
        {CONSOLE_LOCALES.map((code) => (
          <option key={code} value={code}>
            {code.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}
