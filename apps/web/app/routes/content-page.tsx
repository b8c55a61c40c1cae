import { loadProgrammeTerms } from "../affiliate/load-terms.server.ts";
import { PartnerTerms } from "../affiliate/partner-terms.tsx";
import { InfoArticle, InfoLayout } from "../content/info-page.tsx";
import { loadInfoPage } from "../content/load-info-page.server.ts";
import { notFound } from "../content/load-or-404.server.ts";
import { isInfoPageSlug } from "../content/site-pages.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname, stripLocalePrefix } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/content-page";
import "../content/content.css";

/**
 * `/about`, `/rules`, `/agreement`, `/partner`, `/contact` (spec §2): one module for five
 * routes, so the page's slug is the last segment of its path.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const slug = stripLocalePrefix(url.pathname).split("/").filter(Boolean).at(-1) ?? "";
  if (!isInfoPageSlug(slug)) throw notFound(url);
  const { api, widgets } = context.get(webContext);
  // The contact text cannot know whether this site runs a chat widget (CHAT_WIDGET_SRC): the
  // page says so itself, and only when there is one.
  const chat = slug === "contact" && widgets.chatSrc !== undefined;
  // `/partner` shows the programme's configured terms beside its text (issue 18).
  const [page, terms] = await Promise.all([
    loadInfoPage({ api, url, slug }),
    slug === "partner" ? loadProgrammeTerms(context, localeFromPathname(url.pathname)) : null,
  ]);
  return { page, chat, terms };
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <InfoLayout>
      <InfoArticle page={loaderData.page}>
        {loaderData.terms && <PartnerTerms terms={loaderData.terms} />}
        {loaderData.chat && (
          <p className="content-card content-card__text">{t("Content.ChatWidget")}</p>
        )}
      </InfoArticle>
    </InfoLayout>
  );
}
