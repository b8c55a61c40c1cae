import { useNavigate } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Locale } from "../i18n/locale.ts";

/**
 * The HTML of a content entry, sanitised by the API (packages/contracts content.ts), in a
 * wrapper that gives it readable typography. Clicks on the site's own links inside it are
 * routed like any other link instead of reloading the whole page.
 */
export function ArticleBody({ html, lang }: { html: string; lang: Locale }) {
  const foreignLang = useForeignLang(lang);
  const navigate = useNavigate();
  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    const href = internalHref(event);
    if (href === null) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only delegates clicks on the links inside, which keep their own keyboard behaviour.
    <div
      className="prose"
      lang={foreignLang}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitises content HTML (allow-list) before it is stored or served.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The site path of a plain left click on a same-site link, or null to let the browser act. */
function internalHref(event: React.MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element).closest("a");
  if (!anchor || anchor.target || anchor.hasAttribute("download")) return null;
  const href = anchor.getAttribute("href") ?? "";
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  return href;
}

/** Says why a reader of the English or Ukrainian site sees Russian text. */
export function FallbackNotice({ lang }: { lang: Locale }) {
  const { t, locale } = useTranslation();
  if (lang === locale) return null;
  return (
    <p className="content__notice" role="note">
      {t("Content.FallbackNotice")}
    </p>
  );
}

/** The `lang` attribute for text in another language than the page's, else nothing. */
export function useForeignLang(lang: Locale): Locale | undefined {
  const { locale } = useTranslation();
  return lang === locale ? undefined : lang;
}
