import {
  type AdminAlertSettings,
  type AdminAlertSettingsPatch,
  type AlertEvent,
  LOCALES,
  type Locale,
} from "@obmen/contracts";
import { type FormEvent, useState } from "react";
import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { ApiError, consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { useI18n } from "../../i18n.tsx";
import { ADMIN_ROLES, requireOperator } from "../../session/session.ts";
import { Field } from "../../ui/field.tsx";
import { AlertDeliveries } from "./alert-deliveries.tsx";

const EVENTS: AlertEvent[] = ["new_order", "paid_order", "low_reserve"];
const EVENT_LABELS = {
  new_order: "Console.Settings.EventNewOrder",
  paid_order: "Console.Settings.EventPaidOrder",
  low_reserve: "Console.Settings.EventLowReserve",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(ADMIN_ROLES);
  return consoleApi(request.signal).settings.alerts();
}

/**
 * Admin only: where operator alerts go (decision 038 "Alerts"). The bot token is write-only:
 * the screen shows its mask, an empty box keeps it, and only a typed one is sent.
 */
export function Component() {
  const { t } = useI18n();
  const loaded = useLoaderData<typeof loader>();
  const [saved, setSaved] = useState<AdminAlertSettings>(loaded);
  const [emails, setEmails] = useState(loaded.emails.join("\n"));
  const [chatId, setChatId] = useState(loaded.telegram_chat_id ?? "");
  const [token, setToken] = useState("");
  const [removeToken, setRemoveToken] = useState(false);
  const [events, setEvents] = useState<Record<AlertEvent, boolean>>(loaded.events);
  const [language, setLanguage] = useState<Locale>(loaded.language);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);

  const show = (settings: AdminAlertSettings) => {
    setSaved(settings);
    setEmails(settings.emails.join("\n"));
    setChatId(settings.telegram_chat_id ?? "");
    setToken("");
    setRemoveToken(false);
    setEvents(settings.events);
    setLanguage(settings.language);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setMessage("");
    setDone("");
    const patch: AdminAlertSettingsPatch = {
      emails: emails
        .split(/[\s,;]+/)
        .map((line) => line.trim())
        .filter(Boolean),
      telegram_chat_id: chatId.trim() === "" ? null : chatId.trim(),
      events,
      language,
    };
    if (removeToken) patch.telegram_bot_token = null;
    else if (token.trim() !== "") patch.telegram_bot_token = token.trim();
    try {
      show(await consoleApi().settings.updateAlerts(patch));
      setDone(t("Console.Settings.Saved"));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        // `emails.2` is the third address: shown under the addresses' box.
        const byField: Record<string, string> = {};
        for (const [path, text] of Object.entries(error.fields)) {
          byField[path.split(".")[0]!] ??= text;
        }
        setFields(byField);
      } else setMessage(errorText(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t("Console.Settings.Title")}</h1>
      <p className="muted">{t("Console.Settings.Intro")}</p>
      <form className="card form-grid" onSubmit={submit} noValidate>
        <Field id="alert-emails" label={t("Console.Settings.Emails")} error={fields.emails}>
          <textarea
            id="alert-emails"
            rows={3}
            value={emails}
            onChange={(e) => setEmails(e.target.value)}
            aria-invalid={fields.emails ? true : undefined}
            aria-describedby="alert-emails-hint"
          />
        </Field>
        <p className="muted" id="alert-emails-hint">
          {t("Console.Settings.EmailsHint")}
        </p>
        <Field id="alert-chat" label={t("Console.Settings.ChatId")} error={fields.telegram_chat_id}>
          <input
            id="alert-chat"
            value={chatId}
            autoComplete="off"
            onChange={(e) => setChatId(e.target.value)}
            aria-invalid={fields.telegram_chat_id ? true : undefined}
          />
        </Field>
        <Field
          id="alert-token"
          label={t("Console.Settings.Token")}
          error={fields.telegram_bot_token}
        >
          <input
            id="alert-token"
            type="password"
            autoComplete="off"
            value={token}
            disabled={removeToken}
            placeholder={saved.telegram_token_masked ?? ""}
            onChange={(e) => setToken(e.target.value)}
            aria-invalid={fields.telegram_bot_token ? true : undefined}
            aria-describedby="alert-token-hint"
          />
        </Field>
        <p className="muted" id="alert-token-hint">
          {saved.telegram_token_set
            ? t("Console.Settings.TokenSet", { masked: saved.telegram_token_masked ?? "" })
            : t("Console.Settings.TokenUnset")}
        </p>
        {saved.telegram_token_set && (
          <div className="field field--check">
            <input
              id="alert-token-remove"
              type="checkbox"
              checked={removeToken}
              onChange={(e) => setRemoveToken(e.target.checked)}
            />
            <label htmlFor="alert-token-remove">{t("Console.Settings.RemoveToken")}</label>
          </div>
        )}
        <fieldset className="field">
          <legend>{t("Console.Settings.Events")}</legend>
          {EVENTS.map((name) => (
            <div className="field field--check" key={name}>
              <input
                id={`alert-event-${name}`}
                type="checkbox"
                checked={events[name]}
                onChange={(e) => setEvents({ ...events, [name]: e.target.checked })}
              />
              <label htmlFor={`alert-event-${name}`}>{t(EVENT_LABELS[name])}</label>
            </div>
          ))}
        </fieldset>
        <Field id="alert-language" label={t("Console.Settings.AlertLanguage")}>
          <select
            id="alert-language"
            value={language}
            onChange={(e) => setLanguage(e.target.value as Locale)}
            aria-describedby="alert-language-hint"
          >
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {t(`Console.Settings.Languages.${code}`)}
              </option>
            ))}
          </select>
        </Field>
        <p className="muted" id="alert-language-hint">
          {t("Console.Settings.AlertLanguageHint")}
        </p>
        {done && (
          <p className="notice" role="status">
            {done}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {t("Console.Settings.Save")}
        </button>
      </form>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <AlertDeliveries />
    </section>
  );
}
