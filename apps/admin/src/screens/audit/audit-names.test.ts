import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "@obmen/contracts";
import { createTranslator } from "@obmen/i18n";
import en from "@obmen/i18n/locales/en.json";
import ru from "@obmen/i18n/locales/ru.json";
import uk from "@obmen/i18n/locales/uk.json";
import { describe, expect, it } from "vitest";
import type { ConsoleTranslate } from "../../i18n.tsx";
import {
  auditActionName,
  auditObjectName,
  auditTargetPath,
  auditTargetText,
} from "./audit-names.ts";

const translators = {
  ru: createTranslator("ru", ru) as unknown as ConsoleTranslate,
  en: createTranslator("en", en) as unknown as ConsoleTranslate,
  uk: createTranslator("uk", uk) as unknown as ConsoleTranslate,
};

/** Issue 26 point 6: no audit action is shown as an English key on a Russian screen. */
describe("audit names", () => {
  it("names every action and object in ru, en and uk, never by its key", () => {
    for (const [lang, t] of Object.entries(translators)) {
      const actionNames = AUDIT_ACTIONS.map((action) => auditActionName(t, action));
      for (const [index, name] of actionNames.entries()) {
        expect(name, `${lang} ${AUDIT_ACTIONS[index]}`).not.toMatch(/ConsoleOps|[a-z]+[._][a-z]/);
      }
      expect(new Set(actionNames).size, lang).toBe(AUDIT_ACTIONS.length);
      for (const type of AUDIT_TARGET_TYPES) {
        expect(auditObjectName(t, type), `${lang} ${type}`).not.toMatch(/ConsoleOps|_/);
      }
    }
    expect(auditActionName(translators.ru, "order.status")).toBe("Статус заявки изменён");
    expect(auditActionName(translators.uk, "login_failed")).toBe("Невдала спроба входу");
    expect(auditObjectName(translators.ru, "pay_system")).toBe("Платёжная система");
    // An action a later release writes keeps its word until the console names it.
    expect(auditActionName(translators.ru, "rate.source_changed")).toBe("rate.source_changed");
  });

  it("names a settings section in the operator's language, other ids as they are", () => {
    const phrase = (lang: keyof typeof translators) =>
      `${auditObjectName(translators[lang], "settings")} ${auditTargetText(translators[lang], "settings", "alerts")}`;
    expect(phrase("ru")).toBe("Настройки оповещений");
    expect(phrase("uk")).toBe("Налаштування сповіщень");
    expect(auditTargetText(translators.ru, "order", "A-1042")).toBe("A-1042");
  });

  it("links a row to the order or item it concerns", () => {
    const uuid = "0b6e1c1e-8a3b-4c51-9f55-5b0f8d2d7c11";
    expect(auditTargetPath("order", uuid)).toBe(`/orders/${uuid}`);
    expect(auditTargetPath("content", "12")).toBe("/content/12");
    expect(auditTargetPath("currency", "3")).toBe("/catalogue");
    expect(auditTargetPath("withdrawal", "7")).toBe("/withdrawals");
    expect(auditTargetPath(null, null)).toBeNull();
    expect(auditTargetPath("planet", "1")).toBeNull();
  });
});
