import { usePairCatalogue } from "../catalogue/use-pair-catalogue.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import "./home.css";

/**
 * Home: the calculator's select view with nothing chosen yet (spec §2); this draws its heading,
 * the select layout (select-layout.tsx) the lists below. It has no loader of its own: the pair
 * list comes from the site layout, which loaded it on start.
 */
export default function Home() {
  const { t } = useTranslation();
  const catalogue = usePairCatalogue();
  // No pair at all: the select view says the exchange is not open yet, so no "choose" lead.
  const notOpen = catalogue !== null && catalogue.pairs.length === 0;
  return (
    <>
      <title>{t("Home.MetaTitle")}</title>
      <meta name="description" content={t("Home.MetaDescription")} />
      <section className="hero">
        <h1 className="hero__title">{t("Home.Title")}</h1>
        {!notOpen && (
          <p className="hero__lead">
            {t("Home.Lead")}
            {catalogue && catalogue.pairs.length > 0 && (
              <>
                {" "}
                <span className="hero__count">
                  {t("Home.PairsCount", { count: catalogue.pairs.length })}.
                </span>
              </>
            )}
          </p>
        )}
      </section>
    </>
  );
}
