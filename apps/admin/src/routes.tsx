import { type LoaderFunctionArgs, type RouteObject, redirect } from "react-router";
import { AuditScreen, auditLoader } from "./screens/audit/audit-screen.tsx";
import { MeRoute } from "./screens/auth/me-screen.tsx";
import { CatalogueScreen, catalogueLoader } from "./screens/catalogue/catalogue-screen.tsx";
import {
  OperatorsScreen,
  operatorsAction,
  operatorsLoader,
} from "./screens/operators/operators-screen.tsx";
import { DeskScreen, deskLoader } from "./screens/orders/desk-screen.tsx";
import { OrderScreen, orderLoader } from "./screens/orders/order-screen.tsx";
import { canUseDesk, loadSession, requireOperator } from "./session/session.ts";
import { Loading, Root } from "./shell/root.tsx";
import { NotFound, RouteError } from "./shell/route-error.tsx";

/**
 * The console's screens under /admin (React Router in data mode, as the site; decision 048).
 * Each route loads its data in its `loader` (through `consoleApi(request.signal)`, so leaving
 * cancels), guards its roles there with `requireOperator`, and has its own error boundary, so
 * one failing screen never blanks the console (issue 26 point 1). Screens an operator opens
 * rarely are `lazy`: their module (exporting `loader`, `Component`, maybe `action`) loads on
 * first use, so the desk's first load does not carry them (decisions 032, 038).
 */
export const consoleRoutes: RouteObject[] = [
  {
    path: "/",
    Component: Root,
    // Who is signed in is known before any screen is drawn (`GET /me`, once).
    loader: () => loadSession().then(() => null),
    // The session changes by itself (sign-in, 401), never by a screen's loaders.
    shouldRevalidate: () => false,
    HydrateFallback: Loading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: startLoader, Component: DeskScreen, ErrorBoundary: RouteError },
      {
        path: "orders",
        children: [
          { index: true, loader: deskLoader, Component: DeskScreen, ErrorBoundary: RouteError },
          { path: ":uuid", loader: orderLoader, Component: OrderScreen, ErrorBoundary: RouteError },
        ],
      },
      {
        path: "dashboard",
        lazy: () => import("./screens/dashboard/dashboard-screen.tsx"),
        ErrorBoundary: RouteError,
      },
      {
        path: "catalogue",
        loader: catalogueLoader,
        Component: CatalogueScreen,
        ErrorBoundary: RouteError,
      },
      {
        path: "withdrawals",
        lazy: () => import("./screens/withdrawals/withdrawals-screen.tsx"),
        ErrorBoundary: RouteError,
      },
      {
        path: "content",
        children: [
          {
            index: true,
            lazy: () => import("./screens/content/content-screen.tsx"),
            ErrorBoundary: RouteError,
          },
          {
            path: "new",
            lazy: () => import("./screens/content/content-edit-screen.tsx"),
            ErrorBoundary: RouteError,
          },
          {
            path: ":id",
            lazy: () => import("./screens/content/content-edit-screen.tsx"),
            ErrorBoundary: RouteError,
          },
        ],
      },
      {
        path: "operators",
        loader: operatorsLoader,
        action: operatorsAction,
        Component: OperatorsScreen,
        ErrorBoundary: RouteError,
      },
      { path: "audit", loader: auditLoader, Component: AuditScreen, ErrorBoundary: RouteError },
      {
        path: "settings",
        lazy: () => import("./screens/settings/alert-settings-screen.tsx"),
        ErrorBoundary: RouteError,
      },
      { path: "me", Component: MeRoute, ErrorBoundary: RouteError },
      { path: "*", Component: NotFound },
    ],
  },
];

/** `/admin`: the desk, except for an editor, whose console is the site's texts (decision 032). */
async function startLoader(args: LoaderFunctionArgs) {
  const operator = await requireOperator(["admin", "operator", "editor"]);
  if (!canUseDesk(operator)) throw redirect("/content");
  return deskLoader(args);
}
