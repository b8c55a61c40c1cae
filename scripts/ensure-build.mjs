// Builds the web tier when its build is missing or older than any source file, so that
// `npm start` works right after `npm install` and never serves a stale bundle; and writes the
// PGlite templates new data directories are unpacked from when they are missing. Each step is
// one line of progress; the tools' own output goes to node_modules/.cache/obmen/build.log
// (OBMEN_VERBOSE=1 or `npm start --verbose` shows it), and a failure prints the log's tail.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runStage, wantsVerbose } from "./run-stage.ts";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "apps/web/build/server/index.js");
const logFile = path.join(root, "node_modules/.cache/obmen/build.log");
const sources = [
  "apps/web/app",
  "apps/web/public",
  "packages/contracts/src",
  "packages/domain/src",
  // The site's texts are bundled into its pages: a catalog change alone must rebuild too.
  "packages/i18n/locales",
  "packages/i18n/src",
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

const verbose = wantsVerbose(process.env, process.argv.slice(2));
// What is built is what production serves, whoever asks: a test runner's NODE_ENV (vitest sets
// `test`, and the server tests ensure the build) made Vite bundle React's development build,
// which then served the browser suite and the benchmarks.
process.env.NODE_ENV = "production";
const stage = (title, command) => {
  const status = runStage({ title, command, cwd: root, logFile, verbose });
  if (status !== 0) process.exit(status);
};

const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const changedAt = Math.max(...[...sources, ...configs].map(newestMtime));
const buildNeeded = builtAt < changedAt;
// The log holds this run's output, not every start's since the install.
mkdirSync(path.dirname(logFile), { recursive: true });
writeFileSync(logFile, `${new Date().toISOString()} ${process.argv.slice(1).join(" ")}\n`);
if (buildNeeded) {
  stage(
    builtAt ? "Rebuilding the site (its sources changed)" : "Building the site",
    "npm run build -w @obmen/web",
  );
}

// The operator console (apps/admin) is a bundle of its own, rebuilt on its own sources.
const consoleMarker = path.join(root, "apps/admin/dist/index.html");
const consoleInputs = [
  "apps/admin/src",
  "apps/admin/index.html",
  "apps/admin/vite.config.ts",
  "apps/admin/package.json",
  "packages/i18n/locales",
  "packages/i18n/src",
  "packages/contracts/src",
  "packages/domain/src",
  "scripts/precompress-client-build.ts",
  "package-lock.json",
];
const consoleBuiltAt = existsSync(consoleMarker) ? statSync(consoleMarker).mtimeMs : 0;
if (consoleBuiltAt < Math.max(...consoleInputs.map(newestMtime))) {
  stage(
    consoleBuiltAt ? "Rebuilding the operator console" : "Building the operator console",
    "npm run build -w @obmen/admin",
  );
}

// Quick and silent when the templates exist (packages/db/src/pglite-template.ts); on a new
// install this is where the database is first migrated and seeded.
// This very node (24, from the devDependency): a shell's `node` may be the system's older one.
stage("Preparing the database", `"${process.execPath}" packages/db/src/cli/pglite-template.ts`);
