import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { type DatabaseLog, stderrLog } from "./database-log.ts";
import { PGLITE_START_PARAMS } from "./pglite-settings.ts";
import { unpackTarGz } from "./untar.ts";

/**
 * A new PGlite data directory is a copy of an empty cluster: initdb's output depends only on
 * PGlite's version, not on the directory. Running initdb takes 3–5 s on a small machine;
 * unpacking its output from a tarball takes about 1 s, like PostgreSQL's own `CREATE DATABASE`
 * copying a template. The first initdb on a machine writes the tarball (about 4.5 MB) to
 * node_modules/.cache, where every later new DATA_DIR (a replica, a test, a benchmark) finds
 * it. That `empty` template holds no schema and no data.
 *
 * The server's first start wants more: the schema, the demo catalogue and the shipped texts.
 * A `seeded` template holds exactly that, as the migrations and seeds of this checkout make it
 * (initialise-pglite-dir.ts), so a first start is as quick and as lean as a restart; it is
 * keyed by everything those depend on, so a changed migration, seed or text makes a new one.
 * A `migrated` template is the same without the demo catalogue, for `SEED_DEMO=false`.
 * The server's own migrate and seed calls still run on the copy and find nothing to do. The
 * seeded rows carry the time the template was made, not the time of the first start.
 */
const CACHE_DIR = fileURLToPath(new URL("../../../node_modules/.cache/obmen", import.meta.url));

export type PgliteTemplateKind = "empty" | "seeded" | "migrated";

/**
 * What the seeded template is made from: the migrations, the schema, the seeds with their
 * texts, and the domain rules the seeds import.
 */
const SEEDED_SOURCES = ["../drizzle", "./schema", "./seed", "./migrate.ts", "../../domain/src"].map(
  (relative) => fileURLToPath(new URL(relative, import.meta.url)),
);

/** Where the template of that kind for this PGlite version and these settings is kept. */
export function pgliteTemplateFile(kind: PgliteTemplateKind = "empty"): string {
  const version = pgliteVersion();
  const settings = createHash("sha256").update(PGLITE_START_PARAMS.join("\0")).digest("hex");
  const base = `pglite-${version}-${settings.slice(0, 12)}`;
  if (kind === "empty") return path.join(CACHE_DIR, `${base}.tar.gz`);
  return path.join(CACHE_DIR, `${base}-${kind}-${hashFiles(SEEDED_SOURCES).slice(0, 12)}.tar.gz`);
}

/** A digest of the files under `roots`: their paths relative to their root and their bytes. */
export function hashFiles(roots: readonly string[]): string {
  const hash = createHash("sha256");
  const visit = (root: string, relative: string) => {
    const full = path.join(root, relative);
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(root, path.join(relative, name));
      return;
    }
    hash.update(`${path.basename(root)}/${relative}\0`).update(readFileSync(full));
  };
  for (const root of roots) visit(root, "");
  return hash.digest("hex");
}

/** The installed PGlite's version (its package.json is not exported: found from its entry). */
function pgliteVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
      if (manifest.name === "@electric-sql/pglite") return String(manifest.version);
    } catch {
      // no manifest here: keep climbing
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("PGlite's package.json not found");
    dir = parent;
  }
}

/**
 * Unpacks the template into `directory` (an empty or new PGlite directory) and says whether
 * it did; false when there is no template yet. Plain Node, streaming (untar.ts), not PGlite's
 * own `loadDataDir`: that would unpack through WebAssembly memory the process then keeps
 * (measured: +60–90 MB resident for the life of the server).
 */
export async function unpackPgliteTemplate(
  directory: string,
  kind: PgliteTemplateKind = "empty",
  log: DatabaseLog = stderrLog,
): Promise<boolean> {
  const file = pgliteTemplateFile(kind);
  if (!existsSync(file)) return false;
  try {
    // The dump is taken from a running cluster; its lock file describes that process only.
    await unpackTarGz(file, directory, { skip: (name) => name === "postmaster.pid" });
    return true;
  } catch (error) {
    log.warn({ err: error, file }, "could not unpack the PGlite template");
    return false;
  }
}

/**
 * Saves a cluster as the template of that kind: just initialised (`empty`), or just migrated
 * and seeded (`seeded`, `migrated`; the same kind's templates of older sources are removed).
 * Best effort: a read-only install only loses the shortcut. Written under a temporary name and
 * renamed, so a process starting at the same moment reads a whole file or none.
 */
export async function writePgliteTemplate(
  pglite: PGlite,
  kind: PgliteTemplateKind = "empty",
  log: DatabaseLog = stderrLog,
): Promise<void> {
  const file = pgliteTemplateFile(kind);
  const partial = `${file}.${process.pid}.partial`;
  try {
    const dump = await pglite.dumpDataDir("gzip");
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    if (kind !== "empty") removeOlderTemplates(file, kind);
  } catch (error) {
    log.warn({ err: error, file }, "could not save the PGlite template");
  }
}

function removeOlderTemplates(current: string, kind: PgliteTemplateKind) {
  const prefix = path.basename(current).replace(new RegExp(`-${kind}-[^-]*$`), `-${kind}-`);
  for (const name of readdirSync(CACHE_DIR)) {
    if (name.startsWith(prefix) && name.endsWith(".tar.gz") && name !== path.basename(current)) {
      rmSync(path.join(CACHE_DIR, name), { force: true });
    }
  }
}
