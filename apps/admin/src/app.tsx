import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { ApiError, api, type Operator, setUnauthorizedListener } from "./api.ts";
import { CONSOLE_LOCALES, useI18n } from "./i18n.tsx";
import { BASE, Link, parseRoute, useLocation } from "./router.tsx";
import { AuditScreen } from "./screens/audit.tsx";
import { CatalogueScreen } from "./screens/catalogue.tsx";
import { DeskScreen } from "./screens/desk.tsx";
import { LoginScreen } from "./screens/login.tsx";
import { MeScreen } from "./screens/me.tsx";
import { OperatorsScreen } from "./screens/operators.tsx";
import { OrderScreen } from "./screens/order.tsx";

// Screens most operators open rarely (an editor's texts, partners' payouts) load on first use,
// so the desk's first load does not carry them (decision 032).
const ContentScreen = lazy(() =>
  import("./screens/content.tsx").then((module) => ({ default: module.ContentScreen })),
);
const ContentEditScreen = lazy(() =>
  import("./screens/content-edit.tsx").then((module) => ({ default: module.ContentEditScreen })),
);
// The dashboard too: its chart and tables are not the desk's (decision 038).
const DashboardScreen = lazy(() =>
  import("./screens/dashboard.tsx").then((module) => ({ default: module.DashboardScreen })),
);
// Alert settings: an admin opens them rarely, so they load on first use.
const SettingsScreen = lazy(() =>
  import("./screens/settings.tsx").then((module) => ({ default: module.SettingsScreen })),
);
const WithdrawalsScreen = lazy(() =>
  import("./screens/withdrawals.tsx").then((module) => ({ default: module.WithdrawalsScreen })),
);

type Session =
  | { state: "loading" }
  | { state: "anonymous" }
  | { state: "signed-in"; operator: Operator };

export function App() {
  const { t } = useI18n();
  const [session, setSession] = useState<Session>({ state: "loading" });

  useEffect(() => {
    setUnauthorizedListener(() => setSession({ state: "anonymous" }));
    api<{ operator: Operator }>("GET", "/me")
      .then(({ operator }) => setSession({ state: "signed-in", operator }))
      .catch(() => setSession({ state: "anonymous" }));
  }, []);

  const signOut = useCallback(async () => {
    await api("POST", "/logout", {}).catch(() => {});
    setSession({ state: "anonymous" });
  }, []);

  if (session.state === "loading") {
    return <p className="loading">{t("Console.Loading")}</p>;
  }
  if (session.state === "anonymous") {
    return <LoginScreen onSignedIn={(operator) => setSession({ state: "signed-in", operator })} />;
  }
  return (
    <Shell
      operator={session.operator}
      onSignOut={signOut}
      onOperatorChanged={(operator) => setSession({ state: "signed-in", operator })}
    />
  );
}

function Shell({
  operator,
  onSignOut,
  onOperatorChanged,
}: {
  operator: Operator;
  onSignOut: () => void;
  onOperatorChanged: (operator: Operator) => void;
}) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const route = parseRoute(pathname);
  const canDesk = operator.role === "admin" || operator.role === "operator";
  const canEdit = operator.role === "admin" || operator.role === "editor";
  const nav = [
    canDesk && {
      href: `${BASE}/dashboard`,
      label: t("Console.Nav.Dashboard"),
      active: route.screen === "dashboard",
    },
    canDesk && {
      href: BASE,
      label: t("Console.Nav.Desk"),
      active: route.screen === "desk" || route.screen === "order",
    },
    canDesk && {
      href: `${BASE}/catalogue`,
      label: t("Console.Nav.Catalogue"),
      active: route.screen === "catalogue",
    },
    canDesk && {
      href: `${BASE}/withdrawals`,
      label: t("Console.Nav.Withdrawals"),
      active: route.screen === "withdrawals",
    },
    canEdit && {
      href: `${BASE}/content`,
      label: t("Console.Nav.Content"),
      active:
        route.screen === "content" ||
        route.screen === "content-edit" ||
        (!canDesk && route.screen === "desk"),
    },
    operator.role === "admin" && {
      href: `${BASE}/operators`,
      label: t("Console.Nav.Operators"),
      active: route.screen === "operators",
    },
    operator.role === "admin" && {
      href: `${BASE}/audit`,
      label: t("Console.Nav.Audit"),
      active: route.screen === "audit",
    },
    operator.role === "admin" && {
      href: `${BASE}/settings`,
      label: t("Console.Nav.Settings"),
      active: route.screen === "settings",
    },
  ].filter((item) => item !== false);

  return (
    <div className="shell">
      <header className="top">
        <span className="top__brand">{t("Console.Title")}</span>
        <nav className="top__nav" aria-label={t("Console.Nav.Label")}>
          {nav.map((item) => (
            <Link key={item.href} href={item.href} aria-current={item.active ? "page" : undefined}>
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="top__user">
          <Link
            className="top__who"
            href={`${BASE}/me`}
            aria-current={route.screen === "me" ? "page" : undefined}
          >
            {operator.email} ·{" "}
            <span className="top__role">{t(`Console.Roles.${operator.role}`)}</span>
          </Link>
          <LanguageSwitch />
          <button type="button" className="button button--quiet" onClick={onSignOut}>
            {t("Console.SignOut")}
          </button>
        </div>
      </header>
      <main className="main">
        <Suspense fallback={<p className="loading">{t("Console.Loading")}</p>}>
          <Screen route={route} operator={operator} onOperatorChanged={onOperatorChanged} />
        </Suspense>
      </main>
    </div>
  );
}

function Screen({
  route,
  operator,
  onOperatorChanged,
}: {
  route: ReturnType<typeof parseRoute>;
  operator: Operator;
  onOperatorChanged: (operator: Operator) => void;
}) {
  const { t } = useI18n();
  const canDesk = operator.role === "admin" || operator.role === "operator";
  const canEdit = operator.role === "admin" || operator.role === "editor";
  // Until the second factor is enrolled the API refuses everything else (decision 028).
  if (operator.totp_enrolment_required || route.screen === "me") {
    return <MeScreen operator={operator} onChanged={onOperatorChanged} />;
  }
  switch (route.screen) {
    case "desk":
      // An editor's console is the site's texts: they start there.
      return canDesk ? <DeskScreen /> : canEdit ? <ContentScreen /> : <Forbidden />;
    case "dashboard":
      return canDesk ? <DashboardScreen /> : <Forbidden />;
    case "order":
      return canDesk ? <OrderScreen uuid={route.uuid} /> : <Forbidden />;
    case "catalogue":
      return canDesk ? <CatalogueScreen /> : <Forbidden />;
    case "withdrawals":
      return canDesk ? <WithdrawalsScreen /> : <Forbidden />;
    case "content":
      return canEdit ? <ContentScreen /> : <Forbidden />;
    case "content-edit":
      return canEdit ? <ContentEditScreen key={route.id ?? "new"} id={route.id} /> : <Forbidden />;
    case "operators":
      return operator.role === "admin" ? <OperatorsScreen /> : <Forbidden />;
    case "audit":
      return operator.role === "admin" ? <AuditScreen /> : <Forbidden />;
    case "settings":
      return operator.role === "admin" ? <SettingsScreen /> : <Forbidden />;
    default:
      return <p className="notice">{t("Console.NotFound")}</p>;
  }
}

export function Forbidden() {
  const { t } = useI18n();
  return (
    <p className="notice notice--error" role="alert">
      {t("Console.Forbidden")}
    </p>
  );
}

/** The message to show for a failed call: 403 is always the role's refusal. */
export function errorText(error: unknown, t: ReturnType<typeof useI18n>["t"]): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t("Console.Forbidden");
    if (error.status === 0) return t("Console.NetworkError");
    return error.message || t("Console.UnknownError");
  }
  return t("Console.UnknownError");
}

export function LanguageSwitch() {
  const { t, locale, setLocale } = useI18n();
  return (
    <label className="lang">
      <span className="visually-hidden">{t("Console.Language")}</span>
      <select value={locale} onChange={(event) => setLocale(event.target.value as typeof locale)}>
        {CONSOLE_LOCALES.map((code) => (
          <option key={code} value={code}>
            {code.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}
