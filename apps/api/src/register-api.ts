import { randomBytes } from "node:crypto";
import type { Database } from "@obmen/db";
import type { FastifyInstance } from "fastify";
import type { PgBoss } from "pg-boss";
import { registerAccountDataRoutes } from "./account/account-data-routes.ts";
import { type AccountSecurity, createAccountSecurity } from "./account/account-security.ts";
import { registerCaptchaRoutes } from "./account/captcha/routes.ts";
import { registerAccountRoutes } from "./account/routes.ts";
import { createRememberingSessionResolver } from "./account/sessions/remember-and-resolve-sessions.ts";
import { resolveSession } from "./account/sessions/resolve-session.ts";
import type { AdminRouteDoc } from "./admin/http/admin-route.ts";
import { type AdminApiOptions, registerAdminApi } from "./admin/register-admin-api.ts";
import {
  type AffiliateSettings,
  DEFAULT_AFFILIATE_SETTINGS,
} from "./affiliate/affiliate-settings.ts";
import { registerAffiliateRoutes } from "./affiliate/routes.ts";
import { type AlertJobOptions, registerAlertJobs } from "./alerts/alert-jobs.ts";
import type { ApiDeps, ApiRoutes } from "./api-routes.ts";
import {
  type CatalogueChanges,
  createLocalCatalogueChanges,
} from "./catalogue/catalogue-changes.ts";
import { loadCurrencyPairs } from "./catalogue/load-currency-pairs.ts";
import { createPairCache } from "./catalogue/pair-cache.ts";
import { registerCatalogueRoutes } from "./catalogue/routes.ts";
import { type ContentChanges, createContentCache } from "./content/content-cache.ts";
import { loadPublishedContent } from "./content/load-published-content.ts";
import { registerContentRoutes } from "./content/routes.ts";
import type { ApiClientLookup } from "./http/api-clients.ts";
import { installErrorHandling } from "./http/error-handler.ts";
import type { ReplayGuard } from "./http/replay-guard.ts";
import { type SignedRouteDoc, type SignedRouteSettings, signedRoute } from "./http/signed-route.ts";
import { refuseConnect } from "./http/unparsed-requests.ts";
import { answerUnrouted, installUnroutedHandling } from "./http/unrouted-requests.ts";
import { UNTRUSTED_PROXY_WARNING, watchForUntrustedProxy } from "./http/untrusted-proxy-warning.ts";
import { type ApiKeyRouteDoc, buildOpenApi, type PlainRouteDoc } from "./openapi/build-openapi.ts";
import { createOrderEffects } from "./orders/effects/create-order-effects.ts";
import { registerOrderJobs } from "./orders/lifecycle/order-jobs.ts";
import { registerOrderRoutes } from "./orders/routes.ts";
import { registerBtcpayWebhook } from "./payments/btcpay-webhook-route.ts";
import { createPaymentSources, registerPaymentJobs } from "./payments/payment-jobs.ts";
import { defaultPaymentSettings, type PaymentSettings } from "./payments/payment-settings.ts";
import { type RateJobOptions, registerRateJobs } from "./rates/rate-jobs.ts";
import { registerRatesExportRoutes } from "./rates-export/routes.ts";
import { registerReserveRoutes } from "./reserves/routes.ts";
import { createOrderRisk } from "./risk/order-risk.ts";

export interface RegisterApiOptions {
  db: Database;
  /** Answers health checks: resolves when the database answers. */
  ping: () => Promise<void>;
  clients: ApiClientLookup;
  replayGuard: ReplayGuard;
  catalogueChanges: CatalogueChanges;
  /**
   * Announces a change of site texts (seed, operator console) to every process; default: a
   * bus local to this process. Publish on it after writing content.
   */
  contentChanges?: ContentChanges;
  appUrl: string;
  /** The job runner; null runs no jobs in this process (the expiry sweep elsewhere covers). */
  jobs: PgBoss | null;
  /** Rate lock of a new order (DESIGN.md "Orders"); default 30 minutes. */
  orderLifetimeMs?: number;
  /** Poll interval of this process's job workers (tests use a short one). */
  jobPollingIntervalSeconds?: number;
  /** How often unpaid orders past their rate lock are expired (orders/lifecycle/order-jobs.ts). */
  expirySweepSeconds?: number;
  /**
   * Check every success answer against its route's declared response schema and answer 500 on
   * a mismatch (http/check-response.ts). The test harness turns it on; production leaves it
   * off, since it costs a parse per answer and the SDK parses what it receives anyway.
   */
  checkResponses?: boolean;
  /**
   * Rate limits, captcha and the TOTP seal (account/account-security.ts). The server passes
   * its own (shared store, server secret, CAPTCHA_PROVIDER). Without one: limits counted in
   * memory, no captcha, keys from a secret made for this process; fit for one test process only.
   */
  accountSecurity?: AccountSecurity;
  /** The operator console's API at `/admin/api/*` (admin/register-admin-api.ts). */
  admin?: AdminApiOptions;
  /**
   * Whether `TRUST_PROXY` is set: if not, the first request carrying `X-Forwarded-For` logs a
   * warning and `/healthz` names it (http/untrusted-proxy-warning.ts). Default: unset.
   */
  trustProxySet?: boolean;
  /** The affiliate programme's terms (`AFFILIATE_*`, parsed in the server's config); default: the defaults. */
  affiliate?: AffiliateSettings;
  /** Operator alerts' sweep and Telegram sender, run with the jobs (alerts/alert-jobs.ts). */
  alerts?: AlertJobOptions;
  /** The chain watchers' sources (issue 28); default: the public APIs, no BTCPay. */
  payments?: PaymentSettings;
  /**
   * Automatic rates' refresh (rates/rate-jobs.ts), run with the jobs; without it no source is
   * fetched by this process (the console still binds pairs and previews formulas).
   */
  rates?: RateJobOptions;
}

/** What the API declared, for tests that walk every route. */
export interface ApiDocs {
  signed: SignedRouteDoc[];
  apiKey: ApiKeyRouteDoc[];
  /** Unsigned plain-JSON calls under `/api/` (the captcha's). */
  plain: PlainRouteDoc[];
  /** The operator console's calls (`/admin/api/*`). */
  admin: AdminRouteDoc[];
}

/**
 * The API tier as one encapsulated Fastify plugin: its error handler, body parsers and limits
 * apply to API routes only, leaving the web tier's catch-all route untouched.
 */
export async function registerApi(
  app: FastifyInstance,
  options: RegisterApiOptions,
): Promise<{ deps: ApiDeps; docs: ApiDocs }> {
  const checkResponses = options.checkResponses ?? false;
  const accountSecurity =
    options.accountSecurity ??
    createAccountSecurity({
      store: { kind: "memory" },
      serverSecret: randomBytes(32).toString("hex"),
      captchaProvider: "none",
    });
  // CONNECT never reaches Fastify's router: Node hands it to this event (http/unparsed-requests.ts).
  refuseConnect(app.server);
  const proxyWarning = watchForUntrustedProxy(app, {
    trustProxySet: options.trustProxySet ?? false,
  });
  const contentChanges = options.contentChanges ?? createLocalCatalogueChanges();
  const deps: ApiDeps = {
    db: options.db,
    catalogueChanges: options.catalogueChanges,
    contentChanges,
    contentCache: createContentCache({
      load: () => loadPublishedContent({ db: options.db }),
      changes: contentChanges,
    }),
    pairCache: createPairCache({
      load: (lang) => loadCurrencyPairs({ db: options.db, lang }),
      changes: options.catalogueChanges,
    }),
    orderEffects: createOrderEffects({
      catalogueChanges: options.catalogueChanges,
      appUrl: options.appUrl,
      log: app.log,
    }),
    orderLifetimeMs: options.orderLifetimeMs ?? 30 * 60_000,
    appUrl: options.appUrl,
    rates: options.rates ?? null,
    affiliate: options.affiliate ?? DEFAULT_AFFILIATE_SETTINGS,
    accountSecurity,
    payments: options.payments ?? defaultPaymentSettings(),
    orderRisk: createOrderRisk({ db: options.db, cardKey: accountSecurity.blacklistCardKey }),
  };
  const paymentSources = createPaymentSources(deps.payments, app.log);
  if (options.jobs) {
    await registerPaymentJobs({
      boss: options.jobs,
      db: options.db,
      effects: deps.orderEffects,
      appUrl: options.appUrl,
      settings: deps.payments,
      sources: paymentSources,
      log: app.log,
      pollingIntervalSeconds: options.jobPollingIntervalSeconds,
    });
    await registerOrderJobs({
      boss: options.jobs,
      db: options.db,
      effects: deps.orderEffects,
      pollingIntervalSeconds: options.jobPollingIntervalSeconds,
      sweepSeconds: options.expirySweepSeconds,
    });
    await registerAlertJobs({
      ...options.alerts,
      boss: options.jobs,
      db: options.db,
      appUrl: options.appUrl,
      box: deps.accountSecurity.alertsBox,
      log: app.log,
      pollingIntervalSeconds: options.jobPollingIntervalSeconds,
    });
    if (options.rates) {
      await registerRateJobs({
        ...options.rates,
        boss: options.jobs,
        db: options.db,
        catalogueChanges: options.catalogueChanges,
        appUrl: options.appUrl,
        log: app.log,
        pollingIntervalSeconds: options.jobPollingIntervalSeconds,
      });
    }
  }
  const docs: SignedRouteDoc[] = [];
  const apiKeyDocs: ApiKeyRouteDoc[] = [];
  const plainDocs: PlainRouteDoc[] = [];

  installUnroutedHandling(app);
  await registerBtcpayWebhook(app, {
    db: options.db,
    effects: deps.orderEffects,
    appUrl: options.appUrl,
    secret: deps.payments.btcpay?.webhookSecret,
    source: paymentSources.sources.find((source) => source.kind === "btcpay"),
  });
  await app.register(async (api) => {
    installErrorHandling(api);
    // Signed calls are JSON envelopes; Fastify's default text/plain parser would let a
    // non-JSON body through to the envelope check, so only JSON is parsed here.
    api.removeContentTypeParser("text/plain");

    const { rememberInside } = options.replayGuard;
    const settings: SignedRouteSettings = {
      security: options,
      docs,
      checkResponses,
      resolveCaller: ({ token, ip }) => resolveSession({ db: options.db, token, ip }),
      // The database guard remembers signed-in calls' signatures in their session reads'
      // statement, batched: one round trip fewer per call, and shared by the calls arriving
      // together (docs/decisions/041-withdrawal-create-batched.md).
      rememberAndResolveCaller: rememberInside
        ? createRememberingSessionResolver({
            db: options.db,
            guard: { rememberInside: rememberInside.bind(options.replayGuard) },
          })
        : undefined,
    };
    const routes: ApiRoutes = {
      app: api,
      deps,
      security: options,
      docs,
      checkResponses,
      define: (route) => signedRoute(api, settings, route),
    };
    registerAccountRoutes(routes);
    registerAccountDataRoutes(routes);
    registerAffiliateRoutes(routes);
    registerCaptchaRoutes({
      app: api,
      security: deps.accountSecurity,
      docs: plainDocs,
      checkResponses,
    });
    registerCatalogueRoutes(routes);
    registerOrderRoutes(routes);
    registerRatesExportRoutes(routes);
    registerReserveRoutes(routes);
    registerContentRoutes({
      app: api,
      clients: options.clients,
      cache: deps.contentCache,
      docs: apiKeyDocs,
      checkResponses,
    });

    // Each dependency a request needs, so a load balancer takes out a replica that cannot
    // serve, and an operator sees which one failed.
    api.get("/healthz", async (_request, reply) => {
      const [database, replayGuard] = await Promise.all(
        [options.ping, options.replayGuard.ping].map((check) =>
          check().then(
            () => "ok" as const,
            () => "unavailable" as const,
          ),
        ),
      );
      const status = database === "ok" && replayGuard === "ok" ? "ok" : "unavailable";
      return reply.code(status === "ok" ? 200 : 503).send({
        status,
        checks: { database, replay_guard: replayGuard },
        ...(proxyWarning.seen ? { warnings: [UNTRUSTED_PROXY_WARNING] } : {}),
      });
    });

    const openApi = buildOpenApi(docs, options.appUrl, apiKeyDocs, plainDocs);
    api.get("/rest/openapi.json", async () => openApi);

    // Anything else under the API's prefixes is an API 404 in the API's error shape,
    // not the web tier's HTML page.
    for (const prefix of ["/rest/*", "/api/*", "/content/*"]) {
      api.all(prefix, async (request, reply) => answerUnrouted(request, reply));
    }
  });
  const adminDocs = await registerAdminApi(app, {
    ...options.admin,
    // A test alert goes to the Bot API the alert jobs use, unless the caller says otherwise.
    alertChannels: {
      mailer: null,
      telegramApiUrl: options.alerts?.telegramApiUrl,
      ...options.admin?.alertChannels,
    },
    deps,
    checkResponses,
  });
  return { deps, docs: { signed: docs, apiKey: apiKeyDocs, plain: plainDocs, admin: adminDocs } };
}
