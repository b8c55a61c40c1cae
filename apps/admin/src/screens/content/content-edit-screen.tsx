import type { AdminContentEntry, AdminCreateContentRequest } from "@obmen/contracts";
import { type FormEvent, useState } from "react";
import {
  data,
  Link,
  type LoaderFunctionArgs,
  useLoaderData,
  useNavigate,
  useParams,
} from "react-router";
import { ApiError, consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { useI18n } from "../../i18n.tsx";
import { CONTENT_ROLES, requireOperator } from "../../session/session.ts";
import {
  type ContentDraft,
  createRequest,
  draftOf,
  type Language,
  languageOfField,
  patchRequest,
} from "./content-draft.ts";
import { ContentFacts, ContentWords, type FieldProblems } from "./content-form-parts.tsx";

/** `/admin/content/new` (nothing to load) or `/admin/content/{id}`. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  await requireOperator(CONTENT_ROLES);
  if (params.id === undefined) return null;
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw data(null, { status: 404 });
  return consoleApi(request.signal).content.get(Number(params.id));
}

/**
 * One text of the site in its three languages (decision 032): the facts, then a tab per
 * language with the title, the description and the Markdown body as the site renders it.
 * At `/admin/content/new` it makes a news item, blog post or FAQ question.
 */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { id } = useParams();
  // Each text's screen is its own: moving to another (or to the one just made) starts afresh.
  return <ContentEditor key={id ?? "new"} loaded={loaded} />;
}

/** What the screen of a text just created says when it opens at the text's own address. */
let savedNotice = "";

function ContentEditor({ loaded }: { loaded: AdminContentEntry | null }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [entry, setEntry] = useState<AdminContentEntry | null>(loaded);
  const [draft, setDraft] = useState<ContentDraft>(() => draftOf(loaded));
  const [language, setLanguage] = useState<Language>("ru");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [saved, setSaved] = useState(() => {
    const notice = savedNotice;
    savedNotice = "";
    return notice;
  });
  const [busy, setBusy] = useState(false);

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
      const api = consoleApi();
      const result = entry
        ? await api.content.update(entry.id, body)
        : await api.content.create(body as AdminCreateContentRequest);
      setEntry(result);
      setDraft(draftOf(result));
      setSaved(done);
      if (!entry) {
        // The new text's own address: the screen is made anew there, and says it was saved.
        savedNotice = done;
        navigate(`/content/${result.id}`);
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
  const problems: FieldProblems = { fields, error, described };

  return (
    <section aria-labelledby="content-edit-title">
      <p>
        <Link to="/content">← {t("Console.Content.Back")}</Link>
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
        <ContentFacts draft={draft} setDraft={setDraft} isNew={!entry} problems={problems} />
        <ContentWords
          draft={draft}
          setDraft={setDraft}
          language={language}
          setLanguage={setLanguage}
          problems={problems}
        />
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
