import { defineConfig } from "vitest/config";

// Unit and integration tests (real databases). Playwright's browser journeys live in e2e/
// as *.spec.ts and are run by `playwright test`, never by Vitest.
export default defineConfig({
  test: {
    include: [
      "packages/*/{src,test}/**/*.test.ts",
      "apps/*/{src,test,app}/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
