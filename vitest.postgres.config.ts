import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// The PostgreSQL pass (`npm run test:postgres`, run by CI after `npm test`): the tests whose
// outcome depends on the engine, on a real PostgreSQL server. `npm test` runs every other test
// once, on PGlite; running them all again here doubled CI's time for nothing (the same code on
// the same SQL), while these are the ones where PostgreSQL takes another path:
// - `*.pg.test.ts`: several processes on one database (races, replicas, restarts);
// - the database package's tests that open a database (migrations, SQL functions, seeds,
//   numeric round trips), not its PGlite-only ones (the template, the data directory);
// - tests that branch on the engine or measure its statements (the replay guard's batching,
//   the login's statements, the limits' store), found by what they import or read.
const engineMarkers =
  /TEST_DATABASE_URL|\.engine\b|statement-spy|security-kit|rate-limit-kit|secured-api-process/;

const root = path.dirname(new URL(import.meta.url).pathname);

function testFiles(folder: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export function isEngineSensitive(file: string): boolean {
  const relative = path.relative(root, file);
  if (relative.endsWith(".pg.test.ts")) return true;
  const source = readFileSync(file, "utf8");
  if (relative.startsWith(`packages${path.sep}db${path.sep}`) && /createTestDatabase/.test(source))
    return true;
  return engineMarkers.test(source);
}

const postgresTests = ["packages", "apps", "scripts"]
  .flatMap((folder) => testFiles(path.join(root, folder)))
  .filter(isEngineSensitive)
  .map((file) => path.relative(root, file));

if (!process.env.TEST_DATABASE_URL) {
  throw new Error(
    "The PostgreSQL pass needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).",
  );
}

// Not mergeConfig: it would append these lists to the base's, not replace them.
export default defineConfig({
  ...base,
  test: { ...base.test, include: postgresTests, exclude: ["**/node_modules/**"] },
});
