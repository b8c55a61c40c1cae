import { Link } from "react-router";
import { useI18n } from "../i18n.tsx";
import { canEditContent, canUseDesk, type Operator } from "../session/session.ts";

interface NavItem {
  to: string;
  label: string;
  /** Whether the open screen belongs to this entry. */
  active: (pathname: string) => boolean;
}

const under = (path: string) => (pathname: string) =>
  pathname === path || pathname.startsWith(`${path}/`);

/** The menu's entries for a role, in the order operators use them. */
export function navItems(operator: Operator, t: ReturnType<typeof useI18n>["t"]): NavItem[] {
  const desk = canUseDesk(operator);
  const content = canEditContent(operator);
  const admin = operator.role === "admin";
  const items: (NavItem | false)[] = [
    desk && { to: "/dashboard", label: t("Console.Nav.Dashboard"), active: under("/dashboard") },
    desk && {
      to: "/",
      label: t("Console.Nav.Desk"),
      active: (pathname) => pathname === "/" || under("/orders")(pathname),
    },
    desk && { to: "/catalogue", label: t("Console.Nav.Catalogue"), active: under("/catalogue") },
    desk && {
      to: "/withdrawals",
      label: t("Console.Nav.Withdrawals"),
      active: under("/withdrawals"),
    },
    content && { to: "/content", label: t("Console.Nav.Content"), active: under("/content") },
    admin && { to: "/operators", label: t("Console.Nav.Operators"), active: under("/operators") },
    admin && { to: "/audit", label: t("Console.Nav.Audit"), active: under("/audit") },
    admin && { to: "/settings", label: t("Console.Nav.Settings"), active: under("/settings") },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

/** The console's sections; on a phone it folds away behind the menu button (issue 26 point 10). */
export function ConsoleNav({
  operator,
  pathname,
  open,
}: {
  operator: Operator;
  /** The open screen's path below /admin (`/orders/…`). */
  pathname: string;
  open: boolean;
}) {
  const { t } = useI18n();
  return (
    <nav
      id="console-nav"
      className={open ? "top__nav top__nav--open" : "top__nav"}
      aria-label={t("Console.Nav.Label")}
    >
      {navItems(operator, t).map((item) => (
        <Link key={item.to} to={item.to} aria-current={item.active(pathname) ? "page" : undefined}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
