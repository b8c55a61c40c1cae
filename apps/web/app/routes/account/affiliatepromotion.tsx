import { Form } from "react-router";
import { loadAccountData } from "../../account/account-api.server.ts";
import { isUnavailable } from "../../account/unavailable.ts";
import { requireUser } from "../../account/visitor.server.ts";
import { BANNER_SIZES, bannerFileName, bannerHtml } from "../../affiliate/banners.ts";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { isLocale, LOCALES } from "../../i18n/locale.ts";
import { CopyButton } from "../../order/copy-button.tsx";
import { webContext } from "../../web-context.server.ts";
import type { Route } from "./+types/affiliatepromotion";
import "../../affiliate/affiliate.css";

const LANGUAGE_NAMES: Record<string, string> = { ru: "Русский", en: "English", uk: "Українська" };

/**
 * `/account/affiliatepromotion` (spec §2, issue 18): the project's banners in the common sizes
 * and three languages, each with the HTML to paste, linked with the chosen channel's rid. The
 * channel and the banners' language are a GET form (`?channel=&lang=`), so it works without
 * JavaScript; the HTML is in a read-only text area anyone can select and copy.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { caller, locale } = await requireUser(context, request);
  const { api, appOrigin } = context.get(webContext);
  const channels = await loadAccountData(context, request, () => api.affiliate.channels(caller));
  const langParam = url.searchParams.get("lang");
  const channelParam = Number(url.searchParams.get("channel"));
  return {
    channels,
    origin: appOrigin,
    bannerLocale: langParam && isLocale(langParam) ? langParam : locale,
    channelId: Number.isSafeInteger(channelParam) && channelParam > 0 ? channelParam : null,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AffiliatePromotion({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { channels, origin, bannerLocale } = loaderData;
  const title = t("Account.Promotion.Title");
  if (isUnavailable(channels)) {
    return (
      <>
        <title>{`${title} — ${t("Site.Name")}`}</title>
        <h2 className="account-card__title">{title}</h2>
        <p role="alert" className="account-notice account-notice--problem">
          {t("Account.Unavailable")}
        </p>
      </>
    );
  }
  const channel = channels.find((entry) => entry.id === loaderData.channelId) ?? channels[0];
  const alt = t("Account.Promotion.Alt", { name: t("Site.Name") });
  return (
    <>
      <title>{`${title} — ${t("Site.Name")}`}</title>
      <h2 className="account-card__title">{title}</h2>
      <p className="account-empty">{t("Account.Promotion.Lead")}</p>
      <Form method="get" className="affiliate-inline-form">
        <label htmlFor="promo-channel" className="field__label">
          {t("Account.Promotion.Channel")}
        </label>
        <select
          id="promo-channel"
          name="channel"
          className="field__input"
          defaultValue={channel ? String(channel.id) : ""}
        >
          {channels.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
        <label htmlFor="promo-lang" className="field__label">
          {t("Account.Promotion.Language")}
        </label>
        <select id="promo-lang" name="lang" className="field__input" defaultValue={bannerLocale}>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code] ?? code}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary">
          {t("Account.Promotion.Show")}
        </button>
      </Form>
      {channel && (
        <div className="affiliate-banners">
          {BANNER_SIZES.map((size) => {
            const label = t("Account.Promotion.Size", size);
            const html = bannerHtml({
              origin,
              size,
              locale: bannerLocale,
              refLink: channel.ref_link,
              alt,
            });
            const id = `banner-${size.width}x${size.height}`;
            return (
              <section key={id} className="account-card affiliate-banner" aria-labelledby={id}>
                <h3 id={id} className="account-card__title">
                  {label}
                </h3>
                <img
                  src={`/banners/${bannerFileName(size, bannerLocale)}`}
                  width={size.width}
                  height={size.height}
                  alt={alt}
                  loading="lazy"
                />
                <label htmlFor={`${id}-html`} className="field__label">
                  {t("Account.Promotion.Html", { size: label })}
                </label>
                <textarea
                  id={`${id}-html`}
                  className="affiliate-banner__html"
                  readOnly
                  value={html}
                  rows={3}
                />
                <CopyButton value={html} what={t("Account.Promotion.Html", { size: label })} />
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
