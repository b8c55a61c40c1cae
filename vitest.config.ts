import { defineConfig } from "vitest/config";

// Unit and integration tests (real databases). Playwright's browser journeys live in e2e/
// as *.spec.ts and are run by `playwright test`, never by Vitest.
// `*.pg.test.ts` need a real PostgreSQL server (several processes on one database); they run
// when TEST_DATABASE_URL is set, as CI does, instead of being reported as skipped elsewhere.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: [
      "packages/*/{src,test}/**/*.test.ts",
      "apps/*/{src,test,app,server}/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", ...(onPostgres ? [] : ["**/*.pg.test.ts"])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Suites make many orders from one fixed IP (and start servers that inherit this): budgets
    // nothing reaches, set here as an operator would (decision 036). The rate-limit tests pass
    // their own small budgets.
    env: {
      RATE_LIMIT_ORDER_CREATE: "999999999/60",
      RATE_LIMIT_ORDER_UPDATE: "999999999/60",
      RATE_LIMIT_RECEIPT: "999999999/60",
      RATE_LIMIT_REVIEW: "999999999/60",
    },
  },
});
