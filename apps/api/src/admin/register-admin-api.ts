import { AppError, ErrorCode } from "@obmen/contracts";
import type { FastifyInstance } from "fastify";
import type { ApiDeps } from "../api-routes.ts";
import { installErrorHandling, sendError } from "../http/error-handler.ts";
import {
  createOperatorLoginLimits,
  type OperatorLoginLimits,
} from "../rate-limits/operator-login-limits.ts";
import type { AdminRoutes, AlertChannels } from "./admin-routes.ts";
import { registerAdminAlertRoutes } from "./alerts/routes.ts";
import { registerAdminAuditRoutes } from "./audit/routes.ts";
import { type OperatorRow, resolveOperatorSession } from "./auth/operator-sessions.ts";
import { registerAdminAuthRoutes } from "./auth/routes.ts";
import { registerAdminBlacklistRoutes } from "./blacklist/routes.ts";
import { registerAdminCatalogueRoutes } from "./catalogue/routes.ts";
import { registerAdminContentRoutes } from "./content/routes.ts";
import { registerAdminCustomerRoutes } from "./customers/routes.ts";
import { registerAdminDashboardRoutes } from "./dashboard/routes.ts";
import { registerAdminExportRoutes } from "./exports/routes.ts";
import { type AdminRouteDoc, adminRoute } from "./http/admin-route.ts";
import { buildAdminOpenApi } from "./openapi/build-admin-openapi.ts";
import { registerAdminOperatorRoutes } from "./operators/routes.ts";
import { registerAdminOrderRoutes } from "./orders/routes.ts";
import { registerAdminRateRoutes } from "./rates/routes.ts";
import { registerAdminSettingsRoutes } from "./settings/routes.ts";
import { registerAdminWithdrawalRoutes } from "./withdrawals/routes.ts";

/** Console bodies are small JSON documents; anything bigger is refused unread. */
const ADMIN_BODY_LIMIT = 64 * 1024;
/** A text in three languages (30,000 characters each, two bytes a Cyrillic letter). */
const CONTENT_BODY_LIMIT = 256 * 1024;

export interface AdminApiOptions {
  /** `ADMIN_REQUIRE_2FA=true`: an admin must enrol TOTP before using the console. */
  requireAdminTotp?: boolean;
  /** Login attempts' limiter; default: in this process's memory (rate-limits/operator-login-limits.ts). */
  loginLimiter?: OperatorLoginLimits;
  /**
   * The icon files the site serves (`/icons/kaspi.svg`, …), from the web tier's public files:
   * the only icons a pay system may be given. Default: none, so every icon is refused.
   */
  icons?: readonly string[];
  /**
   * What the settings screen's "send a test" goes through (issue 26 point 10). Default: no
   * mailer, so a test reports that mail is not set up; Telegram at `api.telegram.org`.
   */
  alertChannels?: AlertChannels;
}

/**
 * The operator console's API at `/admin/api/*` (issue 14), in a Fastify scope of its own:
 * JSON bodies only, the API's error handler and shape, every route declared through
 * `adminRoute` with its role, and the OpenAPI document at `/admin/api/openapi.json`.
 */
export async function registerAdminApi(
  app: FastifyInstance,
  options: AdminApiOptions & { deps: ApiDeps; checkResponses: boolean },
): Promise<AdminRouteDoc[]> {
  const { deps } = options;
  const docs: AdminRouteDoc[] = [];
  const mustEnrolTotp = (operator: OperatorRow) =>
    options.requireAdminTotp === true &&
    operator.role === "admin" &&
    operator.totpConfirmedAt === null;
  const appUrl = new URL(deps.appUrl);
  await app.register(async (scope) => {
    installErrorHandling(scope);
    scope.removeContentTypeParser("text/plain");
    const settings = {
      appOrigin: appUrl.origin,
      docs,
      checkResponses: options.checkResponses,
      resolveCaller: ({ token, ip }: { token: string; ip: string }) =>
        resolveOperatorSession({ db: deps.db, token, ip }),
      mustEnrolTotp,
    };
    const routes: AdminRoutes = {
      deps,
      define: (route) => adminRoute(scope, settings, route),
      limiter: options.loginLimiter ?? createOperatorLoginLimits(),
      mustEnrolTotp,
      secureCookie: appUrl.protocol === "https:",
      icons: [...(options.icons ?? [])].sort(),
      alertChannels: options.alertChannels ?? { mailer: null },
    };
    scope.addHook("onRoute", (route) => {
      route.bodyLimit ??= route.url.startsWith("/admin/api/content")
        ? CONTENT_BODY_LIMIT
        : ADMIN_BODY_LIMIT;
    });
    registerAdminAuthRoutes(routes);
    registerAdminOrderRoutes(routes);
    registerAdminDashboardRoutes(routes);
    registerAdminCatalogueRoutes(routes);
    registerAdminRateRoutes(routes);
    registerAdminOperatorRoutes(routes);
    registerAdminAuditRoutes(routes);
    registerAdminSettingsRoutes(routes);
    registerAdminAlertRoutes(routes);
    registerAdminWithdrawalRoutes(routes);
    registerAdminContentRoutes(routes);
    registerAdminBlacklistRoutes(routes);
    registerAdminCustomerRoutes(routes);
    registerAdminExportRoutes(routes);

    const openApi = buildAdminOpenApi(docs, deps.appUrl);
    scope.get("/admin/api/openapi.json", async () => openApi);
    scope.all("/admin/api/*", async (request, reply) =>
      sendError(reply, request, new AppError(ErrorCode.NOT_FOUND)),
    );
  });
  return docs;
}
