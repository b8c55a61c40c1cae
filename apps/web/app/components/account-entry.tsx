import { Suspense } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { loader as rootLoader } from "../root.tsx";
import { lazyWithReloadGuard } from "../routing/lazy-with-reload-guard.tsx";

// Only signed-in visitors download the account menu; most visitors never do.
const AccountMenu = lazyWithReloadGuard(() => import("../account/account-menu.tsx"));

/**
 * The header's account corner (spec §2): "Войти" and "Регистрация" open their modals over the
 * page a visitor is on (on wide screens "Войти" alone); a signed-in user gets the account menu. `place` is the wide bar or
 * the phone menu's panel, which lay the same entries out differently.
 */
export function AccountEntry({ place }: { place: "bar" | "panel" }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname, search } = useLocation();
  if (root?.user) {
    return (
      <Suspense fallback={null}>
        <AccountMenu email={root.user.email} place={place} />
      </Suspense>
    );
  }
  const open = (modal: string) => {
    const params = new URLSearchParams(search);
    params.set("modal", modal);
    return `${pathname}?${params}`;
  };
  return (
    <div className={`account-entry account-entry--${place}`}>
      <Link to={open("login")} className="account-entry__login" rel="nofollow">
        {t("Header.Login")}
      </Link>
      {/* The wide bar has room for one button beside the menu and the languages: "Register"
          is a link in the login modal there, and a button of its own in the phone menu. */}
      {place === "panel" && (
        <Link to={open("register")} className="account-entry__register" rel="nofollow">
          {t("Header.Register")}
        </Link>
      )}
    </div>
  );
}
