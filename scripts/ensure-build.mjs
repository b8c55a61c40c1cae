// Builds the web tier when its build is missing or older than any source file, so that
// `npm start` works right after `npm install` and never serves a stale bundle; and writes the
// PGlite templates new data directories are unpacked from when they are missing.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "apps/web/build/server/index.js");
const sources = [
  "apps/web/app",
  "apps/web/public",
  "packages/contracts/src",
  "packages/domain/src",
];
const configs = [
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "apps/web/package.json",
  "scripts/precompress-client-build.ts",
  "package-lock.json",
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(full))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const changedAt = Math.max(...[...sources, ...configs].map(newestMtime));
if (builtAt < changedAt) {
  console.log(builtAt ? "Web sources changed: rebuilding the web tier…" : "Building the web tier…");
  execSync("npm run build -w @obmen/web", { cwd: root, stdio: "inherit" });
}

// Quick when the template exists (packages/db/src/pglite-template.ts).
execSync("node packages/db/src/cli/pglite-template.ts", { cwd: root, stdio: "inherit" });
