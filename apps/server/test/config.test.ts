import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../src/config.ts";

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("has working defaults: port 3000, ./data, the embedded database, ALTCHA", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      CAPTCHA_PROVIDER: "altcha",
      APP_URL: "http://localhost:3000",
      databaseEngine: "pglite",
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("reads the account limits' thresholds, with defaults, and refuses nonsense", () => {
    expect(parseConfig({})).toMatchObject({
      AUTH_REQUESTS_PER_IP_PER_MINUTE: 30,
      LOGIN_CAPTCHA_AFTER_FAILURES: 3,
      LOGIN_CAPTCHA_AFTER_IP_FAILURES: 10,
      LOGIN_FAILURES_PER_ACCOUNT_AND_IP: 10,
      LOGIN_FAILURES_PER_IP_PER_DAY: 100,
    });
    expect(parseConfig({ LOGIN_CAPTCHA_AFTER_FAILURES: "5" }).LOGIN_CAPTCHA_AFTER_FAILURES).toBe(5);
    const problems = problemsOf({
      AUTH_REQUESTS_PER_IP_PER_MINUTE: "0",
      LOGIN_FAILURES_PER_IP_PER_DAY: "many",
    });
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "AUTH_REQUESTS_PER_IP_PER_MINUTE",
      "LOGIN_FAILURES_PER_IP_PER_DAY",
    ]);
  });

  it("selects PostgreSQL for a postgres:// URL", () => {
    expect(
      parseConfig({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" }).databaseEngine,
    ).toBe("postgres");
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", SMTP_URL: "" }).databaseEngine).toBe("pglite");
  });

  it("names each bad variable and what is wrong with it", () => {
    const problems = problemsOf({
      PORT: "eighty",
      CAPTCHA_PROVIDER: "recaptcha",
      SMTP_URL: "mail.example",
    });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith("PORT:"))).toContain('"eighty"');
    expect(problems.some((p) => p.startsWith("CAPTCHA_PROVIDER:"))).toBe(true);
    expect(problems.some((p) => p.startsWith("SMTP_URL:"))).toBe(true);
  });

  it("refuses a database URL of another kind without echoing its password", () => {
    const [problem] = problemsOf({ DATABASE_URL: "mysql://root:hunter2@db/obmen" });
    expect(problem).toMatch(/^DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(problem).not.toContain("hunter2");
  });

  it("requires API keys and admin credentials in pairs", () => {
    expect(problemsOf({ API_PUBLIC_KEY: "pk_0123456789abcdef" })[0]).toMatch(
      /^API_SECRET: .*together/,
    );
    expect(problemsOf({ ADMIN_PASSWORD: "correct horse battery" })[0]).toMatch(
      /^ADMIN_EMAIL: .*together/,
    );
  });

  it("refuses a port out of range and a short secret", () => {
    expect(problemsOf({ PORT: "70000" })[0]).toMatch(/^PORT:/);
    const [secret] = problemsOf({ API_PUBLIC_KEY: "pk_0123456789abcdef", API_SECRET: "short" });
    expect(secret).toMatch(/^API_SECRET: must be at least 32 characters/);
    expect(secret).not.toContain('short"');
  });

  it("takes SEED_DEMO as exactly true or false, and leaves it unset otherwise", () => {
    expect(parseConfig({ SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(parseConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(parseConfig({}).SEED_DEMO).toBeUndefined();
    expect(parseConfig({ SEED_DEMO: "" }).SEED_DEMO).toBeUndefined();
    // A near miss must not decide whether payable demo addresses go live.
    for (const value of ["TRUE", "yes", "1", "0", "on"]) {
      expect(problemsOf({ SEED_DEMO: value })[0]).toMatch(/^SEED_DEMO: .*"true"\|"false"/);
    }
  });

  it("takes widget scripts over https, or plain http from this machine only", () => {
    const config = parseConfig({
      CHAT_WIDGET_SRC: "https://chat.example/widget.js",
      CALLBACK_WIDGET_SRC: "http://127.0.0.1:4000/callback.js",
    });
    expect(config.CHAT_WIDGET_SRC).toBe("https://chat.example/widget.js");
    expect(config.CALLBACK_WIDGET_SRC).toBe("http://127.0.0.1:4000/callback.js");
    expect(parseConfig({}).CHAT_WIDGET_SRC).toBeUndefined();
    expect(problemsOf({ CHAT_WIDGET_SRC: "http://chat.example/widget.js" })[0]).toMatch(
      /^CHAT_WIDGET_SRC: must be an https:\/\/ URL/,
    );
    expect(problemsOf({ CALLBACK_WIDGET_SRC: "javascript:alert(1)" })[0]).toMatch(
      /^CALLBACK_WIDGET_SRC:/,
    );
  });

  // Issue 31 point 3: the API's own settings are parsed here too, once, and reach it as deps.
  it("parses AFFILIATE_* into the programme's terms", () => {
    expect(parseConfig({}).affiliate).toEqual({
      share: "0.3",
      currency: "USDT",
      minWithdrawal: "10",
    });
    expect(
      parseConfig({
        AFFILIATE_SHARE: "0.25",
        AFFILIATE_CURRENCY: "USDC",
        AFFILIATE_MIN_WITHDRAWAL: "",
      }).affiliate,
    ).toEqual({ share: "0.25", currency: "USDC", minWithdrawal: "10" });
    expect(problemsOf({ AFFILIATE_SHARE: "1.5" })[0]).toMatch(/^AFFILIATE_SHARE: /);
    expect(problemsOf({ AFFILIATE_CURRENCY: "usdt" })[0]).toMatch(/^AFFILIATE_CURRENCY: /);
  });

  it("parses RATE_LIMIT_* over the public calls' defaults", () => {
    const policy = parseConfig({
      RATE_LIMIT_REVIEW: " 3/60 ",
      RATE_LIMIT_ORDER_CREATE: "",
    }).publicCallPolicy;
    expect(policy.review).toEqual({ points: 3, seconds: 60 });
    expect(policy.order_create).toEqual({ points: 20, seconds: 600 });
    expect(problemsOf({ RATE_LIMIT_RECEIPT: "lots" })[0]).toMatch(
      /^RATE_LIMIT_RECEIPT: must be <requests>\/<seconds>/,
    );
  });
});
