import type { ReactNode } from "react";
import { useI18n } from "../../i18n.tsx";
import {
  type ContentDraft,
  FAQ_SECTIONS,
  LANGUAGES,
  type Language,
  languageOfField,
} from "./content-draft.ts";

/** How an input shows the API's problem with it: the message below, and the ARIA that ties them. */
export interface FieldProblems {
  fields: Record<string, string>;
  error: (key: string) => ReactNode;
  described: (key: string) => { "aria-invalid"?: true; "aria-describedby"?: string };
}

/** The text's facts: kind (a new one only), address, FAQ section and place, date, published. */
export function ContentFacts({
  draft,
  setDraft,
  isNew,
  problems,
}: {
  draft: ContentDraft;
  setDraft: (draft: ContentDraft) => void;
  isNew: boolean;
  problems: FieldProblems;
}) {
  const { t } = useI18n();
  const { error, described } = problems;
  const dated = draft.kind === "news" || draft.kind === "blog";
  return (
    <div className="form-grid">
      {isNew && (
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
      {isNew && (
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
  );
}

/** A tab per language with the title, the description and the Markdown body. */
export function ContentWords({
  draft,
  setDraft,
  language,
  setLanguage,
  problems,
}: {
  draft: ContentDraft;
  setDraft: (draft: ContentDraft) => void;
  language: Language;
  setLanguage: (language: Language) => void;
  problems: FieldProblems;
}) {
  const { t } = useI18n();
  const { fields, error, described } = problems;
  const words = draft.translations[language];
  const setWords = (key: keyof typeof words, value: string) =>
    setDraft({
      ...draft,
      translations: { ...draft.translations, [language]: { ...words, [key]: value } },
    });
  const field = (key: string) => `translations.${language}.${key}`;
  return (
    <>
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
    </>
  );
}
