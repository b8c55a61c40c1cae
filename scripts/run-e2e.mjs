// Runs the Playwright browser suite and fails when it ran nothing or skipped anything: a
// browser suite that silently skips (no Chromium, a stray test.skip) must not look green.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const report = path.join(mkdtempSync(path.join(tmpdir(), "obmen-e2e-")), "report.json");
const result = spawnSync(
  process.execPath,
  [
    "node_modules/@playwright/test/cli.js",
    "test",
    "--forbid-only",
    "--reporter=list,json",
    ...process.argv.slice(2),
  ],
  { stdio: "inherit", env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report } },
);
if (result.status !== 0) process.exit(result.status ?? 1);

const { stats } = JSON.parse(readFileSync(report, "utf8"));
const ran = stats.expected + stats.unexpected + stats.flaky;
if (ran === 0 || stats.skipped > 0) {
  console.error(
    `Browser suite: ${ran} ran, ${stats.skipped} skipped — every browser test must run.`,
  );
  process.exit(1);
}
console.log(`${ran} passed, ${stats.unexpected} failed`);
