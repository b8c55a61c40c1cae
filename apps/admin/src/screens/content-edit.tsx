import type { AdminContentEntry } from "@obmen/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { ApiError, api } from "../api.ts";
import { errorText } from "../app.tsx";
import { useI18n } from "../i18n.tsx";
import { BASE, Link, navigate } from "../router.tsx";
import {
  type ContentDraft,
  createRequest,
  draftOf,
  FAQ_SECTIONS,
  LANGUAGES,
  type Language,
  languageOfField,
  patchRequest,
} from "./content-draft.ts";

/** What the screen of a text just created says when it opens at the text's own address. */
let savedNotice = "";

/**
 * One text of the site in its three languages (decision 032): the facts, then a tab per
 * language with the title, the description and the Markdown body as the site renders it.
 * `id` null makes a new news item, blog post or FAQ question.
 */
export function ContentEditScreen({ id }: { id: number | null }) {
  const { t } = useI18n();
  const [entry, setEntry] = useState<AdminContentEntry | null>(null);
  const [loaded, setLoaded] = useState(id === null);
  const [draft, setDraft] = useState<ContentDraft>(() => draftOf(null));
  const [language, setLanguage] = useState<Language>("ru");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [saved, setSaved] = useState(() => {
    const notice = savedNotice;
    savedNotice = "";
    return notice;
  });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (id === null) return;
    api<AdminContentEntry>("GET", `/content/${id}`)
      .then((found) => {
        setEntry(found);
        setDraft(draftOf(found));
        setLoaded(true);
      })
      .catch((reason) => setMessage(errorText(reason, t)));
  }, [id, t]);

  const send = async (body: Record<string, unknown> | null, done: string) => {
    setFields({});
    setMessage("");
    setSaved("");
    if (body === null) {
      setSaved(t("Console.Content.NothingChanged"));
      return;
    }
    setBusy(true);
    try {
      const result = entry
        ? await api<AdminContentEntry>("PATCH", `/content/${entry.id}`, body)
        : await api<AdminContentEntry>("POST", "/content", body);
      setEntry(result);
      setDraft(draftOf(result));
      setSaved(done);
      if (!entry) {
        // The new text's own address: the screen is made anew there, and says it was saved.
        savedNotice = done;
        navigate(`${BASE}/content/${result.id}`);
      }
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setFields(error.fields);
        const tab = Object.keys(error.fields).map(languageOfField).find(Boolean);
        if (tab) setLanguage(tab);
        setMessage(t("Console.Content.FixFields"));
      } else {
        setMessage(errorText(error, t));
      }
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const before = draftOf(entry);
    void send(
      entry ? patchRequest(before, draft) : createRequest(draft),
      t("Console.Content.Saved"),
    );
  };
  const togglePublished = () => {
    if (!entry) return;
    void send(
      { published: !entry.published },
      entry.published ? t("Console.Content.Unpublished") : t("Console.Content.PublishedNow"),
    );
  };

  if (!loaded) {
    return message ? (
      <p className="form-error" role="alert">
        {message}
      </p>
    ) : (
      <p className="loading">{t("Console.Loading")}</p>
    );
  }

  // The API names a nested input by its path (`translations.en.title`): say its label instead.
  const labels: Record<string, string> = {
    title: t("Console.Content.TextTitle"),
    description: t("Console.Content.Description"),
    body: t("Console.Content.Body"),
  };
  const worded = (key: string) => {
    const message = fields[key] ?? "";
    const match = /^translations\.(ru|en|uk)(?:\.(\w+))?$/.exec(key);
    if (!match) return message;
    const name = match[2]
      ? (labels[match[2]] ?? match[2])
      : t(`Console.Content.Language.${match[1] as Language}`);
    return message.split(key).join(name);
  };
  const error = (key: string) =>
    fields[key] ? (
      <p className="field__error" id={`content-${key.replaceAll(".", "-")}-error`}>
        {worded(key)}
      </p>
    ) : null;
  const described = (key: string) =>
    fields[key]
      ? {
          "aria-invalid": true as const,
          "aria-describedby": `content-${key.replaceAll(".", "-")}-error`,
        }
      : {};
  const words = draft.translations[language];
  const setWords = (key: keyof typeof words, value: string) =>
    setDraft({
      ...draft,
      translations: { ...draft.translations, [language]: { ...words, [key]: value } },
    });
  const dated = draft.kind === "news" || draft.kind === "blog";
  const field = (key: string) => `translations.${language}.${key}`;

  return (
    <section aria-labelledby="content-edit-title">
      <p>
        <Link href={`${BASE}/content`}>← {t("Console.Content.Back")}</Link>
      </p>
      <h1 id="content-edit-title">
        {entry
          ? `${t(`Console.Content.Kinds.${entry.kind}`)}: ${entry.translations.ru?.title ?? entry.slug}`
          : t("Console.Content.NewTitle")}
      </h1>
      {entry && (
        <div className="row__view">
          <span className={entry.published ? "badge badge--completed" : "badge badge--cancelled"}>
            {entry.published ? t("Console.Content.Published") : t("Console.Content.Hidden")}
          </span>
          <a href={entry.site_path} target="_blank" rel="noreferrer">
            {t("Console.Content.OnSite")}
          </a>
          <button
            type="button"
            className="button button--small"
            onClick={togglePublished}
            disabled={busy}
          >
            {entry.published ? t("Console.Content.Unpublish") : t("Console.Content.Publish")}
          </button>
        </div>
      )}
      <form className="card create" onSubmit={save} noValidate>
        <div className="form-grid">
          {!entry && (
            <div className="field">
              <label htmlFor="content-kind-new">{t("Console.Content.Kind")}</label>
              <select
                id="content-kind-new"
                value={draft.kind}
                onChange={(event) =>
                  setDraft({ ...draft, kind: event.target.value as ContentDraft["kind"] })
                }
                {...described("kind")}
              >
                {(["news", "blog", "faq"] as const).map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`Console.Content.Kinds.${kind}`)}
                  </option>
                ))}
              </select>
              {error("kind")}
            </div>
          )}
          <div className="field">
            <label htmlFor="content-slug">{t("Console.Content.Slug")}</label>
            <input
              id="content-slug"
              value={draft.slug}
              onChange={(event) => setDraft({ ...draft, slug: event.target.value })}
              placeholder="new-coin-added"
              autoCapitalize="off"
              spellCheck={false}
              {...described("slug")}
            />
            {error("slug")}
          </div>
          {draft.kind === "faq" && (
            <>
              <div className="field">
                <label htmlFor="content-section">{t("Console.Content.Section")}</label>
                <select
                  id="content-section"
                  value={draft.section}
                  onChange={(event) => setDraft({ ...draft, section: event.target.value })}
                  {...described("section")}
                >
                  <option value="">—</option>
                  {FAQ_SECTIONS.map((section) => (
                    <option key={section} value={section}>
                      {t(`Console.Content.Sections.${section}`)}
                    </option>
                  ))}
                </select>
                {error("section")}
              </div>
              <div className="field">
                <label htmlFor="content-position">{t("Console.Content.Position")}</label>
                <input
                  id="content-position"
                  inputMode="numeric"
                  value={draft.position}
                  onChange={(event) => setDraft({ ...draft, position: event.target.value })}
                  {...described("position")}
                />
                {error("position")}
              </div>
            </>
          )}
          {dated && (
            <div className="field">
              <label htmlFor="content-date">{t("Console.Content.Date")}</label>
              <input
                id="content-date"
                type="datetime-local"
                value={draft.publishedAt}
                onChange={(event) => setDraft({ ...draft, publishedAt: event.target.value })}
                {...described("published_at")}
              />
              {error("published_at")}
            </div>
          )}
          {!entry && (
            <div className="field field--check">
              <input
                id="content-published"
                type="checkbox"
                checked={draft.published}
                onChange={(event) => setDraft({ ...draft, published: event.target.checked })}
              />
              <label htmlFor="content-published">{t("Console.Content.PublishAtOnce")}</label>
            </div>
          )}
        </div>
        <fieldset className="tabs__buttons plain">
          <legend className="visually-hidden">{t("Console.Content.Languages")}</legend>
          {LANGUAGES.map((code) => {
            const wrong = Object.keys(fields).some((key) => languageOfField(key) === code);
            return (
              <button
                key={code}
                type="button"
                className="button button--quiet"
                aria-pressed={language === code}
                onClick={() => setLanguage(code)}
              >
                {t(`Console.Content.Language.${code}`)}
                {wrong ? " ⚠" : ""}
              </button>
            );
          })}
        </fieldset>
        {error(`translations.${language}`)}
        <div className="field">
          <label htmlFor="content-title-input">{t("Console.Content.TextTitle")}</label>
          <input
            id="content-title-input"
            lang={language}
            value={words.title}
            onChange={(event) => setWords("title", event.target.value)}
            {...described(field("title"))}
          />
          {error(field("title"))}
        </div>
        <div className="field">
          <label htmlFor="content-description">{t("Console.Content.Description")}</label>
          <input
            id="content-description"
            lang={language}
            value={words.description}
            onChange={(event) => setWords("description", event.target.value)}
            {...described(field("description"))}
          />
          {error(field("description"))}
        </div>
        <div className="field">
          <label htmlFor="content-body">{t("Console.Content.Body")}</label>
          <textarea
            id="content-body"
            lang={language}
            className="mono"
            rows={16}
            value={words.body}
            onChange={(event) => setWords("body", event.target.value)}
            {...described(field("body"))}
            aria-describedby={
              fields[field("body")]
                ? `content-${field("body").replaceAll(".", "-")}-error content-body-hint`
                : "content-body-hint"
            }
          />
          <p className="muted" id="content-body-hint">
            {language === "ru"
              ? t("Console.Content.MarkdownHint")
              : `${t("Console.Content.MarkdownHint")} ${t("Console.Content.EmptyLanguageHint")}`}
          </p>
          {error(field("body"))}
        </div>
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        {saved && (
          <p className="notice" role="status">
            {saved}
          </p>
        )}
        <div className="row__buttons">
          <button type="submit" className="button" disabled={busy}>
            {entry ? t("Console.Save") : t("Console.Content.Create")}
          </button>
        </div>
      </form>
    </section>
  );
}
