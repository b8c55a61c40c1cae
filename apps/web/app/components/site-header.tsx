import type { WebMessageKey as MessageKey } from "@obmen/i18n";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation, useMatches } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { AccountEntry } from "./account-entry.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import "./site-header.css";

/** The main menu; the footer lists every other page. */
const NAV: { path: string; key: MessageKey }[] = [
  { path: "/", key: "Header.Nav.Exchange" },
  { path: "/order", key: "Header.Nav.Order" },
  { path: "/reserve", key: "Header.Nav.Reserves" },
  { path: "/news", key: "Header.Nav.News" },
  { path: "/faq", key: "Header.Nav.Faq" },
  { path: "/rules", key: "Header.Nav.Rules" },
  { path: "/contact", key: "Header.Nav.Contacts" },
];

/**
 * Wide screens show the menu in the bar. Phones get a "Menu" button: a `<details>`, so it
 * opens without JavaScript too; with JavaScript it also closes on navigation, Escape and a
 * click elsewhere. Only one of the two menus is displayed at a time (CSS), so assistive
 * technology meets one "Main menu".
 */
export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="header">
      <a className="skip-link" href="#main">
        {t("Site.SkipToContent")}
      </a>
      <div className="header__inner">
        <Logo />
        <nav className="nav nav--bar" aria-label={t("Header.NavLabel")}>
          <NavItems listClassName="nav__list" />
        </nav>
        <LanguageSwitch />
        <AccountEntry place="bar" />
        <PhoneMenu />
      </div>
    </header>
  );
}

function Logo() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <Link to={href("/")} className="logo" aria-label={t("Header.HomeLink")}>
      <span className="logo__mark" aria-hidden="true">
        ⇄
      </span>
      {t("Site.Name")}
    </Link>
  );
}

/** Route ids (after the locale) of the calculator's views that take a pair or a currency. */
const EXCHANGE_ROUTES = new Set(["exchange", "pair-shortcut"]);

function NavItems({ listClassName }: { listClassName: string }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const onExchange = useOnExchangePage();
  return (
    <ul className={listClassName}>
      {NAV.map((item) => (
        <li key={item.path}>
          {item.path === "/" ? (
            <Link
              to={href(item.path)}
              className={onExchange ? "nav__link active" : "nav__link"}
              aria-current={onExchange ? "page" : undefined}
            >
              {t(item.key)}
            </Link>
          ) : (
            <NavLink to={href(item.path)} end className="nav__link">
              {t(item.key)}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Exchange" is the current section on `/`, on an exchange page and on a currency shortcut
 * (`/BTC`), which `end` matching of `/` alone would miss. A pair or shortcut that does not
 * exist fails its loader (404) and has no data, so it does not count.
 */
function useOnExchangePage(): boolean {
  const leaf = useMatches().at(-1);
  if (!leaf) return false;
  const name = leaf.id.slice(leaf.id.indexOf("/") + 1);
  return name === "home" || (EXCHANGE_ROUTES.has(name) && leaf.loaderData !== undefined);
}

function PhoneMenu() {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();

  // A followed link changes the page under the open menu: close it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);

  return (
    <details className="menu" ref={menu}>
      <summary className="menu__button">
        <span className="menu__icon" aria-hidden="true" />
        <span className="menu__text">{t("Header.Menu")}</span>
      </summary>
      <nav className="menu__panel" aria-label={t("Header.NavLabel")}>
        <AccountEntry place="panel" />
        <NavItems listClassName="menu__list" />
      </nav>
    </details>
  );
}
