import { NavLink, Outlet } from "react-router";
import { ACCOUNT_LINKS } from "../../account/account-menu.tsx";
import { requireUser } from "../../account/visitor.server.ts";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../../i18n/use-locale.ts";
import type { Route } from "./+types/layout";
import "../../account/account.css";

/**
 * The account layout (spec §2): every page below needs a session; an anonymous visitor is
 * sent to the login modal and brought back (visitor.server.ts). Private pages: not cached by
 * anyone but the browser, not indexed (robots.txt disallows /account too).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = await requireUser(context, request);
  return { email: user.email };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <div className="account">
      <meta name="robots" content="noindex" />
      <div className="account__head">
        <h1 className="account__title">{t("Account.Title")}</h1>
        <p className="account__email">{loaderData.email}</p>
      </div>
      <nav aria-label={t("Account.Nav.Label")}>
        <ul className="account-tabs">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.path}>
              <NavLink to={href(link.path)} end>
                {t(link.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account__page">
        <Outlet />
      </div>
    </div>
  );
}
