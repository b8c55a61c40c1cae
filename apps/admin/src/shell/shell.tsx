import { type ReactNode, useEffect, useState } from "react";
import { Link, Outlet, useLocation, useNavigation } from "react-router";
import { consoleApi } from "../api/client.ts";
import { useI18n } from "../i18n.tsx";
import { type Operator, setSession } from "../session/session.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { ConsoleNav } from "./nav.tsx";
import "./shell.css";

/**
 * The header (the sections, who is signed in, the language) above the open screen, or above
 * `children` where the root shows a screen of its own (the second factor to enrol).
 */
export function Shell({ operator, children }: { operator: Operator; children?: ReactNode }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A section chosen from the open menu closes it, so the screen is what the phone shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of screen
  useEffect(() => setMenuOpen(false), [pathname]);

  const signOut = async () => {
    await consoleApi()
      .logout()
      .catch(() => {});
    setSession({ state: "anonymous" });
  };

  return (
    <div className="shell">
      <header className="top">
        <span className="top__brand">{t("Console.Title")}</span>
        <button
          type="button"
          className="button button--quiet top__menu"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {t("Console.Nav.Menu")}
        </button>
        <ConsoleNav operator={operator} pathname={pathname} open={menuOpen} />
        <div className="top__user">
          <Link
            className="top__who"
            to="/me"
            aria-current={pathname === "/me" ? "page" : undefined}
          >
            {operator.email} ·{" "}
            <span className="top__role">{t(`Console.Roles.${operator.role}`)}</span>
          </Link>
          <LanguageSwitch />
          <button type="button" className="button button--quiet" onClick={signOut}>
            {t("Console.SignOut")}
          </button>
        </div>
      </header>
      <main className="main" aria-busy={navigation.state === "loading" ? true : undefined}>
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
