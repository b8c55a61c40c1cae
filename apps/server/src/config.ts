import {
  AFFILIATE_ENV,
  affiliateSettingsOf,
  CallBudgetSetting,
  DEFAULT_PUBLIC_CALL_POLICY,
  PUBLIC_CALL_ENV,
  type PublicCallPolicy,
} from "@obmen/api/settings";
import { z } from "zod";

/**
 * Every setting Obmen reads from the environment, parsed once at boot (STYLE.md). A bad value
 * stops the process with a message naming the variable, instead of failing later and obscurely.
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** An unset or empty value takes the schema's default. */
const defaulted = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);

/** A `RATE_LIMIT_*` budget, `<requests>/<seconds>` (decision 036); unset = the call's default. */
const CallBudget = optional(
  z.preprocess((value) => (typeof value === "string" ? value.trim() : value), CallBudgetSetting),
);

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A third-party widget script (spec §1, §9). It runs with the page's full rights, so it must
 * come over https; plain http is accepted only from this machine, for development and tests.
 */
const WidgetScriptUrl = z.url({ protocol: /^https?$/ }).refine((value) => {
  const url = new URL(value);
  return url.protocol === "https:" || LOOPBACK_HOSTS.has(url.hostname);
}, "must be an https:// URL (http:// only for localhost)");

const EnvObject = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default("localhost"),
  APP_URL: optional(z.url({ protocol: /^https?$/ })),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optional(
    z
      .string()
      .regex(
        /^(postgres|postgresql):\/\/.+|^memory:\/\/$/,
        "must be a postgres:// URL (or memory:// for a throwaway embedded database)",
      ),
  ),
  /**
   * Load the demo catalogue (with its placeholder payment targets) into an empty catalogue:
   * unset means yes on the embedded database and no on PostgreSQL (`shouldSeedDemo`,
   * docs/decisions/018-demo-data.md). Exactly `true` or `false`: a typo must not decide
   * whether a production site shows payable demo addresses.
   */
  SEED_DEMO: optional(z.stringbool({ truthy: ["true"], falsy: ["false"], case: "sensitive" })),
  API_URL: optional(z.url({ protocol: /^https?$/ })),
  API_PUBLIC_KEY: optional(z.string().min(16, "must be at least 16 characters")),
  API_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: z.string().min(3).default("Obmen <no-reply@obmen.local>"),
  /** Telegram Bot API base for operator alerts (issue 14 point 6); tests point it at a fake. */
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.telegram.org"),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
  /** `altcha`: the self-hosted proof-of-work captcha after repeated failed logins; `none`: never. */
  CAPTCHA_PROVIDER: z.enum(["altcha", "none"]).default("altcha"),
  /** Account calls (login, register, restore, …) each take this many requests per IP per minute. */
  AUTH_REQUESTS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Failed logins for one account within 15 minutes after which login and restore need a captcha. */
  LOGIN_CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(3),
  /** Failed logins from one IP within 15 minutes after which login, register and restore need a captcha. */
  LOGIN_CAPTCHA_AFTER_IP_FAILURES: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Consecutive failed logins for one account from one IP before that pair waits an hour. */
  LOGIN_FAILURES_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Failed logins from one IP per day (over any accounts) before that IP waits a day. */
  LOGIN_FAILURES_PER_IP_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** The affiliate programme's terms (docs/decisions/029-affiliate-ledger.md). */
  AFFILIATE_SHARE: defaulted(AFFILIATE_ENV.AFFILIATE_SHARE),
  AFFILIATE_CURRENCY: defaulted(AFFILIATE_ENV.AFFILIATE_CURRENCY),
  AFFILIATE_MIN_WITHDRAWAL: defaulted(AFFILIATE_ENV.AFFILIATE_MIN_WITHDRAWAL),
  /** Per-IP budgets of the costly public calls (docs/decisions/036-public-call-rate-limits.md). */
  RATE_LIMIT_ORDER_CREATE: CallBudget,
  RATE_LIMIT_ORDER_UPDATE: CallBudget,
  RATE_LIMIT_RECEIPT: CallBudget,
  RATE_LIMIT_REVIEW: CallBudget,
  ADMIN_EMAIL: optional(z.email()),
  ADMIN_PASSWORD: optional(z.string().min(12, "must be at least 12 characters")),
  /**
   * `true`: an admin must enrol a TOTP second factor before the console lets them do anything
   * else (docs/decisions/028-operator-console-api.md). Exactly `true` or `false`.
   */
  ADMIN_REQUIRE_2FA: optional(
    z.stringbool({ truthy: ["true"], falsy: ["false"], case: "sensitive" }),
  ),
  /**
   * Which proxies may set X-Forwarded-For: unset trusts none (the socket address is the
   * client), `true` trusts all, a number trusts that many hops, otherwise a list of
   * addresses/CIDRs. The client IP goes into every signed call, so it must not be spoofable.
   */
  TRUST_PROXY: optional(
    z
      .string()
      .transform((value): boolean | number | string =>
        value === "true"
          ? true
          : value === "false"
            ? false
            : /^\d+$/.test(value)
              ? Number(value)
              : value,
      ),
  ),
  ORDER_LIFETIME_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  /**
   * Seconds a SIGTERM waits for requests in flight, jobs and the database before it cuts
   * what is left (docs/operations.md, "Upgrade"); keep it under the supervisor's own kill
   * timeout (systemd's TimeoutStopSec, compose's stop_grace_period).
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** Script of the chat widget, loaded a few seconds after the page (spec §9); unset = none. */
  CHAT_WIDGET_SRC: optional(WidgetScriptUrl),
  /** Script of the call-back widget, loaded like the chat one; unset = none. */
  CALLBACK_WIDGET_SRC: optional(WidgetScriptUrl),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * One JSON line per request at `info`, with its request id and no secret
   * (docs/decisions/031-metrics-and-request-logs.md). Exactly `true` or `false`; unset = true.
   */
  LOG_REQUESTS: optional(z.stringbool({ truthy: ["true"], falsy: ["false"], case: "sensitive" })),
  /**
   * The Prometheus metrics listener's own port, never the public one (decision 031): unset or
   * empty = no metrics; 9464 is the conventional choice; 0 = any free port (tests).
   */
  METRICS_PORT: optional(z.coerce.number().int().min(0).max(65_535)),
  /** Where that listener binds: this machine only, unless a scraper elsewhere needs it. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
});

const EnvSchema = EnvObject.superRefine((env, ctx) => {
  if (Boolean(env.API_PUBLIC_KEY) !== Boolean(env.API_SECRET)) {
    ctx.addIssue({
      code: "custom",
      path: [env.API_PUBLIC_KEY ? "API_SECRET" : "API_PUBLIC_KEY"],
      message: "API_PUBLIC_KEY and API_SECRET must be set together (or both left unset)",
    });
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    ctx.addIssue({
      code: "custom",
      path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
      message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or both left unset)",
    });
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    ctx.addIssue({
      code: "custom",
      path: ["METRICS_PORT"],
      message: "must differ from PORT: metrics are never served on the public port",
    });
  }
});

export type Config = ReturnType<typeof parseConfig>;

/**
 * What `npm run admin:create` reads: the database (as the server finds it) and the password
 * it may be given instead of typing one (the accounts' rules check it, not this schema).
 */
const AdminCliSchema = EnvObject.pick({ DATABASE_URL: true, DATA_DIR: true }).extend({
  ADMIN_PASSWORD: optional(z.string()),
});

/** What `npm run db:migrate` and `npm run db:seed` read: the database, and whether to seed the demo. */
const DatabaseCliSchema = EnvObject.pick({ DATABASE_URL: true, DATA_DIR: true, SEED_DEMO: true });

export function parseDatabaseCliConfig(env: Record<string, string | undefined>) {
  return parseWith(DatabaseCliSchema, env);
}

export function parseAdminCliConfig(env: Record<string, string | undefined>) {
  return parseWith(AdminCliSchema, env);
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

function parseWith<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join(".") || "environment";
        const given = env[name];
        return `${name}: ${issue.message}${given === undefined ? "" : ` (got ${JSON.stringify(redact(name, given))})`}`;
      }),
    );
  }
  return result.data;
}

export function parseConfig(env: Record<string, string | undefined>) {
  const parsed = parseWith(EnvSchema, env);
  return {
    ...parsed,
    APP_URL: parsed.APP_URL ?? `http://localhost:${parsed.PORT}`,
    /** Which database the process uses; the embedded one keeps its files in DATA_DIR. */
    databaseEngine: parsed.DATABASE_URL?.startsWith("postgres")
      ? ("postgres" as const)
      : ("pglite" as const),
    /** `AFFILIATE_*` as the API takes them (ApiDeps.affiliate). */
    affiliate: affiliateSettingsOf(parsed),
    /** `RATE_LIMIT_*` over the defaults, as the API takes them (createAccountSecurity). */
    publicCallPolicy: publicCallPolicyOf(parsed),
  };
}

function publicCallPolicyOf(
  parsed: Partial<Record<string, { points: number; seconds: number } | unknown>>,
): PublicCallPolicy {
  const policy = { ...DEFAULT_PUBLIC_CALL_POLICY };
  for (const [call, name] of Object.entries(PUBLIC_CALL_ENV) as [
    keyof PublicCallPolicy,
    string,
  ][]) {
    const budget = parsed[name] as { points: number; seconds: number } | undefined;
    if (budget) policy[call] = budget;
  }
  return policy;
}

function redact(name: string, value: string): string {
  return /SECRET|PASSWORD|DATABASE_URL|REDIS_URL|SMTP_URL/.test(name) ? "***" : value;
}
