import { createTranslator, type Translate } from "@obmen/i18n";
// Only the console's own section and the status names it shares with the site and the letters
// are bundled from each catalog (Vite's JSON named exports are tree-shaken): the one catalog of
// decision 016, not a second set of texts; one name per status (decisions 022, 040).
import {
  Console as en,
  ConsoleOps as enOps,
  Status as enStatus,
} from "@obmen/i18n/locales/en.json";
import {
  Console as ru,
  ConsoleOps as ruOps,
  Status as ruStatus,
} from "@obmen/i18n/locales/ru.json";
import {
  Console as uk,
  ConsoleOps as ukOps,
  Status as ukStatus,
} from "@obmen/i18n/locales/uk.json";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { setApiLanguage } from "./api/client.ts";

export const CONSOLE_LOCALES = ["ru", "en", "uk"] as const;
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];
type ConsoleMessages = { Console: typeof en; ConsoleOps: typeof enOps; Status: typeof enStatus };
export type ConsoleTranslate = Translate<ConsoleMessages>;

const CATALOGS: Record<ConsoleLocale, ConsoleMessages> = {
  ru: { Console: ru as typeof en, ConsoleOps: ruOps as typeof enOps, Status: ruStatus },
  en: { Console: en, ConsoleOps: enOps, Status: enStatus },
  uk: { Console: uk as typeof en, ConsoleOps: ukOps as typeof enOps, Status: ukStatus },
};
const STORAGE_KEY = "obmen.console.lang";

/** The saved choice, else Russian: operators in this market work in Russian first. */
export function initialLocale(saved: string | null): ConsoleLocale {
  return (CONSOLE_LOCALES as readonly string[]).includes(saved ?? "")
    ? (saved as ConsoleLocale)
    : "ru";
}

interface I18n {
  locale: ConsoleLocale;
  t: ConsoleTranslate;
  setLocale: (locale: ConsoleLocale) => void;
}

const I18nContext = createContext<I18n | null>(null);

function readSaved(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** `start`: a language to open in instead of the saved one (a test renders each). */
export function I18nProvider({ children, start }: { children: ReactNode; start?: ConsoleLocale }) {
  const [locale, setLocaleState] = useState(() => start ?? initialLocale(readSaved()));
  const value = useMemo<I18n>(() => {
    setApiLanguage(locale);
    document.documentElement.lang = locale;
    return {
      locale,
      t: createTranslator(locale, CATALOGS[locale]),
      setLocale: (next) => {
        try {
          window.localStorage.setItem(STORAGE_KEY, next);
        } catch {
          // Private mode: the choice lasts for this page only.
        }
        setLocaleState(next);
      },
    };
  }, [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside I18nProvider");
  return value;
}
