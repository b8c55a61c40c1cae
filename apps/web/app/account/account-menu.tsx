import type { WebMessageKey as MessageKey } from "@obmen/i18n";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import "./account.css";

export const ACCOUNT_LINKS: { path: string; key: MessageKey }[] = [
  { path: "/account", key: "Account.Nav.History" },
  { path: "/account/wallets", key: "Account.Nav.Wallets" },
  { path: "/account/templates", key: "Account.Nav.Templates" },
  { path: "/account/affiliate", key: "Account.Nav.Affiliate" },
  { path: "/account/affiliatepromotion", key: "Account.Nav.Promotion" },
  { path: "/account/profile", key: "Account.Nav.Profile" },
];

/**
 * The signed-in user's menu in the header (spec §2): the account pages and "log out". On wide
 * screens a drop-down under the user's address (a `<details>`, so it opens without
 * JavaScript); in the phone menu a plain list. Logging out is a form post (never a link a
 * crawler or a prefetch could follow) that reloads the whole page, so nothing of the session
 * stays in the browser's memory.
 */
export default function AccountMenu({ email, place }: { email: string; place: "bar" | "panel" }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on purpose whenever the path changes.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  const items = (
    <ul className="account-menu__list">
      {ACCOUNT_LINKS.map((link) => (
        <li key={link.path}>
          <Link to={href(link.path)} className="account-menu__link">
            {t(link.key)}
          </Link>
        </li>
      ))}
      <li>
        <form method="post" action={href("/logout")} className="account-menu__logout">
          <button type="submit" className="account-menu__link">
            {t("Account.Nav.Logout")}
          </button>
        </form>
      </li>
    </ul>
  );
  if (place === "panel") {
    return (
      <div className="account-menu account-menu--panel">
        <p className="account-menu__email">{email}</p>
        {items}
      </div>
    );
  }
  return (
    <details className="account-menu account-menu--bar" ref={menu}>
      <summary className="account-menu__button">
        <span className="visually-hidden">{t("Account.Nav.Label")}: </span>
        <span className="account-menu__email">{email}</span>
      </summary>
      <nav className="account-menu__panel" aria-label={t("Account.Nav.Label")}>
        {items}
      </nav>
    </details>
  );
}
