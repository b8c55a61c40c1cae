import { useTranslation } from "../i18n/i18n-context.tsx";
import "./not-open.css";

/**
 * What stands in the calculator's place while the catalogue has no active pair at all: a new
 * production site starts so, since the demo catalogue never goes into an empty production
 * database (docs/decisions/018-demo-data.md). An announcement, not an error.
 */
export function NotOpenNotice({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="notice not-open" aria-labelledby="not-open-title">
      <Heading id="not-open-title" className="not-open__title">
        {t("Home.NotOpen.Title")}
      </Heading>
      <p className="not-open__text">{t("Home.NotOpen.Text")}</p>
    </section>
  );
}

/**
 * An exchange address (`/BTC`, `/exchange/BTC/SBERRUB`) while there is no pair at all: it names
 * no page yet (the route answers 404, kept out of search indexes), but a visitor who followed
 * an old link learns why instead of seeing the error screen.
 */
export function NotOpenPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t("Home.NotOpen.Title")} — ${t("Site.Name")}`}</title>
      <meta name="robots" content="noindex" />
      <NotOpenNotice headingLevel={1} />
    </>
  );
}
