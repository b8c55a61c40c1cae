import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

// The system Chromium, never a downloaded one (`playwright install` is not allowed here).
// A missing browser must fail the run loudly, not skip it.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install it with \`apt-get install -y chromium\` ` +
      "or point CHROMIUM_PATH at a Chromium binary. Do not run `playwright install`.",
  );
}

const port = Number(process.env.E2E_PORT ?? 3111);
// E2E_BASE_URL runs the journeys against a server that is already up (e.g. staging);
// otherwise Playwright starts the real one on a fresh, empty data directory.
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;

// The second server asks for the captcha as production does (e2e/account-captcha.spec.ts);
// the first never does, so the other journeys' failed logins cannot trip it.
const captchaPort = port + 1;
process.env.E2E_CAPTCHA_BASE_URL ??= `http://127.0.0.1:${captchaPort}`;

// Playwright loads this file in every worker too: create the data dirs once and pass them on.
for (const variable of ["OBMEN_E2E_DATA_DIR", "OBMEN_E2E_CAPTCHA_DATA_DIR"]) {
  if (!process.env[variable]) {
    const dataDir = mkdtempSync(join(tmpdir(), "obmen-e2e-"));
    process.env[variable] = dataDir;
    // On exit Playwright has already stopped the server; a run leaves ~40 MB otherwise.
    process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  }
}
// Node 24 from the devDependency, whatever node runs Playwright itself.
const node = fileURLToPath(new URL("./node_modules/.bin/node", import.meta.url));

export default defineConfig({
  testDir: "e2e",
  testMatch: "*.spec.ts",
  fullyParallel: true,
  // Playwright's default is half the cores: one worker on a two-core CI box, where the journeys
  // mostly wait on pages. Two workers halve the suite's time there (E2E_WORKERS to change it).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: externalBaseUrl
    ? undefined
    : [
        e2eServer({
          port,
          dataDir: process.env.OBMEN_E2E_DATA_DIR,
          env: {
            CAPTCHA_PROVIDER: "none",
            // Many orders, updates and receipts from a few fixed IPs: the harness measures and
            // tests the calls, not their per-IP budgets (decision 036), so it sets budgets
            // nothing reaches.
            RATE_LIMIT_ORDER_CREATE: "999999999/60",
            RATE_LIMIT_ORDER_UPDATE: "999999999/60",
            RATE_LIMIT_RECEIPT: "999999999/60",
            RATE_LIMIT_REVIEW: "999999999/60",
            // The operator console's first admin (e2e/console-journey.spec.ts signs in with it).
            ADMIN_EMAIL: "console-admin@example.com",
            ADMIN_PASSWORD: "Console-e2e-journey-7",
            // The console's alert settings spec gives alerts a chat and a bot token: their
            // deliveries go to a loopback port nothing listens on, never out of the machine.
            TELEGRAM_API_URL: "http://127.0.0.1:9",
          },
        }),
        e2eServer({
          port: captchaPort,
          dataDir: process.env.OBMEN_E2E_CAPTCHA_DATA_DIR,
          env: { CAPTCHA_PROVIDER: "altcha" },
        }),
      ],
});

/** The real server on a fresh, empty data directory. */
function e2eServer(options: {
  port: number;
  dataDir: string | undefined;
  env: Record<string, string>;
}) {
  return {
    command: `"${node}" apps/server/src/main.ts`,
    url: `http://127.0.0.1:${options.port}/healthz`,
    env: { PORT: String(options.port), DATA_DIR: options.dataDir ?? "", ...options.env },
    // First start migrates and seeds a new database.
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  };
}
