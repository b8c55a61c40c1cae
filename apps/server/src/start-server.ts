import {
  answerClientError,
  answerFrameworkError,
  createDatabaseReplayGuard,
  createMemoryReplayGuard,
  createOperatorLoginLimits,
  DEFAULT_GRACE_MS,
  ensureFirstAdmin,
  openDatabaseApiClients,
  type PaymentSettings,
  type ReplayGuard,
  registerApi,
  registerMailboxRoutes,
  resolveMailDelivery,
  startJobRunner,
  startOutboxDispatcher,
} from "@obmen/api";
import { createObmenClient, httpTransport } from "@obmen/contracts/sdk";
import {
  type DatabaseHandle,
  migrateDatabase,
  openDatabase,
  seedContent,
  seedDemoCatalogue,
  shouldSeedDemo,
} from "@obmen/db";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { openBackupSocket } from "./backup-socket.ts";
import { openCatalogueChanges } from "./catalogue-changes.ts";
import type { Config } from "./config.ts";
import { inProcessTransport } from "./in-process-transport.ts";
import { loggerOptions, REQUEST_ID_LOG_LABEL } from "./logging/logger-options.ts";
import { registerRequestLog } from "./logging/register-request-log.ts";
import { openMetrics } from "./metrics/open-metrics.ts";
import { openAccountSecurity } from "./open-account-security.ts";
import { resolveWebClient } from "./resolve-web-client.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { listSiteIcons } from "./site-icons.ts";

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** The metrics listener's `/metrics` URL when `METRICS_PORT` is set (decision 031). */
  metricsUrl?: string;
  close(): Promise<void>;
}

/**
 * The composition root: one process hosting the API tier and the web tier on one port, on
 * the embedded database or PostgreSQL (DESIGN.md "Process model").
 */
export async function startServer(
  config: Config,
  options: { web?: boolean } = {},
): Promise<RunningServer> {
  // Never on an empty production PostgreSQL: the demo's payment targets could be paid
  // (docs/decisions/018-demo-data.md). Without it the site says it is not open yet.
  const seedDemo = shouldSeedDemo({ engine: config.databaseEngine, seedDemo: config.SEED_DEMO });
  // Created first (it does not listen until the end) so that everything below logs through it.
  const app = Fastify({
    // JSON lines without secrets, with a request id (decision 031).
    ...loggerOptions({ level: config.LOG_LEVEL, trustProxy: trustProxyOption(config.TRUST_PROXY) }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // An undecodable URL under the API's prefixes answers in the API's error shape.
    frameworkErrors: answerFrameworkError,
    // A method Node's parser does not know (`FOO`) answers 405 in the API's error shape.
    clientErrorHandler: answerClientError,
    // While shutting down, a request that already reached us is answered, not refused with a
    // 503: the listening socket closes first, so new connections go to another replica.
    return503OnClosing: false,
    // Fastify's two lines per request are replaced by one of ours (registerRequestLog).
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: REQUEST_ID_LOG_LABEL,
    }),
  });
  registerRequestLog(app, { logRequests: config.LOG_REQUESTS !== false });
  // Before any route: every answer carries them (issue 16 point 7).
  await registerSecurityHeaders(app);
  // A new embedded database comes migrated and seeded, from the seeded template or from a
  // short-lived child process: done in this process, that work would leave 30–50 MB of freed
  // memory resident for the server's lifetime (initialise-pglite-dir.ts).
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    log: app.log,
    dataDir: config.DATA_DIR,
    migrateAndSeedNewDataDir: true,
    seedDemoInNewDataDir: seedDemo,
  });
  const cleanups: (() => Promise<void>)[] = [() => database.close()];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  let metricsUrl: string | undefined;
  try {
    if (config.METRICS_PORT !== undefined) {
      // Before the routes: its request hook must see every one of them.
      const metrics = await openMetrics({
        app,
        database,
        port: config.METRICS_PORT,
        host: config.METRICS_HOST,
      });
      cleanups.push(() => metrics.close());
      metricsUrl = metrics.url;
    }
    // Still run on every start: an existing directory may lack the newest migrations or texts.
    await migrateDatabase(database);
    if (seedDemo) await seedDemoCatalogue(database.db);
    const contentSeed = await seedContent(database.db);
    const webClient = await resolveWebClient({
      db: database.db,
      publicKey: config.API_PUBLIC_KEY,
      secret: config.API_SECRET,
    });

    const account = await openAccountSecurity({
      config,
      database,
      serverSecret: webClient.secret,
    });
    cleanups.push(account.close);

    const catalogue = await openCatalogueChanges(database);
    cleanups.push(catalogue.close);
    const content = await openCatalogueChanges(database, "obmen_content");
    cleanups.push(content.close);
    // Replicas already serving drop the texts they cached before this start updated them.
    if (contentSeed.changed) await content.changes.publish();
    const replayGuard = await openReplayGuard(config, database);
    cleanups.push(() => replayGuard.close());

    if (database.client.engine === "pglite" && !config.DATABASE_URL) {
      // `npm run backup` cannot open the locked DATA_DIR: it asks this process for a copy.
      const backups = await openBackupSocket({
        pglite: database.client.pglite,
        dataDir: config.DATA_DIR,
        log: app.log,
      });
      cleanups.push(backups.close);
    }
    const jobs = await startJobRunner({
      handle: database,
      onError: (error: Error) => app.log.error({ err: error }, "job runner error"),
    });
    cleanups.push(() => jobs.stop({ graceful: true, timeout: 5_000 }));
    // Closed first on the way out: no new requests while the rest shuts down.
    cleanups.push(() => app.close());

    const mail = resolveMailDelivery({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      nodeEnv: config.NODE_ENV,
    });
    await registerApi(app, {
      db: database.db,
      ping: database.ping,
      clients: openDatabaseApiClients(database.db),
      replayGuard,
      catalogueChanges: catalogue.changes,
      contentChanges: content.changes,
      appUrl: config.APP_URL,
      jobs,
      orderLifetimeMs: config.ORDER_LIFETIME_MINUTES * 60_000,
      accountSecurity: account.security,
      trustProxySet: config.TRUST_PROXY !== undefined,
      affiliate: config.affiliate,
      alerts: { telegramApiUrl: config.TELEGRAM_API_URL },
      payments: paymentSettingsOf(config),
      rates: {
        urls: {
          binance: config.RATES_BINANCE_URL,
          bybit: config.RATES_BYBIT_URL,
          cbr: config.RATES_CBR_URL,
          nbu: config.RATES_NBU_URL,
          ecb: config.RATES_ECB_URL,
        },
        refreshSeconds: config.RATES_REFRESH_SECONDS,
        maxJumpPercent: String(config.RATES_MAX_JUMP_PERCENT),
        silentAlertSeconds: config.RATES_SILENT_ALERT_SECONDS,
        monitor: config.BESTCHANGE_API_KEY
          ? {
              baseUrl: config.BESTCHANGE_API_URL,
              apiKey: config.BESTCHANGE_API_KEY,
              ownChanger: config.BESTCHANGE_OWN_ID ?? null,
            }
          : undefined,
      },
      admin: {
        requireAdminTotp: config.ADMIN_REQUIRE_2FA === true,
        loginLimiter: createOperatorLoginLimits({ store: account.store }),
        // A pay system's icon must be one of these (docs/decisions/028).
        icons: await listSiteIcons(),
        // The settings screen's test alert leaves through the outbox's own mailer.
        alertChannels: { mailer: mail.mailer, telegramApiUrl: config.TELEGRAM_API_URL },
      },
    });
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      // The first admin (issue 14); a later start leaves an existing account as it is.
      const admin = await ensureFirstAdmin({
        db: database.db,
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
      });
      if (admin === "created")
        app.log.info(`operator console: admin ${config.ADMIN_EMAIL} created`);
    }

    if (mail.mailer) {
      const dispatcher = startOutboxDispatcher({
        db: database.db,
        mailer: mail.mailer,
        log: app.log,
      });
      cleanups.push(() => dispatcher.stop());
    } else {
      app.log.warn("SMTP_URL is not set in production: order e-mails wait in the outbox");
    }
    registerMailboxRoutes(app, { db: database.db, enabled: mail.mode === "dev-mailbox" });

    if (options.web !== false) {
      const api = createObmenClient({
        transport: config.API_URL ? httpTransport(config.API_URL) : inProcessTransport(app),
        credentials: webClient,
      });
      const { registerWebTier } = await import("@obmen/web/server");
      await registerWebTier(app, {
        api,
        appUrl: config.APP_URL,
        widgets: { chatSrc: config.CHAT_WIDGET_SRC, callbackSrc: config.CALLBACK_WIDGET_SRC },
      });
    }

    const address = await app.listen({ port: config.PORT, host: config.HOST });
    return { app, url: address, ...(metricsUrl ? { metricsUrl } : {}), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Replicas share replay protection: through Redis when it is configured, else through the
 * PostgreSQL they share. PGlite serves one process (its data directory is locked), so memory
 * is enough there.
 */
async function openReplayGuard(config: Config, database: DatabaseHandle): Promise<ReplayGuard> {
  if (config.REDIS_URL) {
    const { openRedisReplayGuard } = await import("./redis-replay-guard.ts");
    return openRedisReplayGuard(config.REDIS_URL);
  }
  return database.engine === "postgres"
    ? createDatabaseReplayGuard(database.db)
    : createMemoryReplayGuard();
}

/** Fastify wants a hop count as a function; a list or `true` passes through. */
function trustProxyOption(
  value: Config["TRUST_PROXY"],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value === "number") return (_address, hop) => hop < value;
  return value ?? false;
}

/** The watchers' settings (issue 28): BTCPay only when its URL, key and store are all set. */
function paymentSettingsOf(config: Config): PaymentSettings {
  const { BTCPAY_URL: url, BTCPAY_API_KEY: apiKey, BTCPAY_STORE_ID: storeId } = config;
  return {
    esploraUrl: config.ESPLORA_URL,
    trongridUrl: config.TRONGRID_URL,
    trongridApiKey: config.TRONGRID_API_KEY,
    btcpay:
      url && apiKey && storeId
        ? { url, apiKey, storeId, webhookSecret: config.BTCPAY_WEBHOOK_SECRET }
        : undefined,
    pollSeconds: config.PAYMENTS_POLL_SECONDS,
    graceMs: DEFAULT_GRACE_MS,
  };
}
