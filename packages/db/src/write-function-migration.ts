import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrationsFolder as defaultMigrationsFolder } from "./migrate.ts";
import {
  type FunctionFolders,
  findPendingDefinitions,
  functionMigrationSql,
} from "./sql-functions.ts";

const repositoryRoot = fileURLToPath(new URL("../../..", import.meta.url));
const schemaIndex = fileURLToPath(new URL("./schema/index.ts", import.meta.url));

/**
 * Writes the next migration, applying every function source in sql/functions/ whose text its
 * latest migration does not have (README, "SQL functions"). Returns the file written, or
 * undefined when every source is applied already. A development tool: drizzle-kit must be
 * installed.
 */
export function writeFunctionMigration(
  options: FunctionFolders & {
    /** The migration's name after its number; default: the changed functions' names. */
    name?: string;
  } = {},
): string | undefined {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder;
  const pending = findPendingDefinitions({ ...options, migrationsFolder });
  if (pending.length === 0) return undefined;
  const name = options.name ?? [...new Set(pending.map((definition) => definition.name))].join("_");
  if (!/^\w+$/.test(name)) throw new Error(`A migration name is letters, digits and _: ${name}`);

  // drizzle-kit numbers the file, adds its journal entry and copies the last snapshot, as for
  // any custom migration; this only fills the file. Its options go as flags (drizzle.config.ts's
  // values) because it takes either a config or flags, and a test points `--out` elsewhere;
  // it prefixes `./` to a path, so the paths are relative to where it runs.
  const drizzleKit = path.join(
    path.dirname(createRequire(import.meta.url).resolve("drizzle-kit")),
    "bin.cjs",
  );
  const generated = spawnSync(
    process.execPath,
    [
      drizzleKit,
      "generate",
      "--custom",
      `--name=${name}`,
      "--dialect=postgresql",
      `--schema=${path.relative(repositoryRoot, schemaIndex)}`,
      `--out=${path.relative(repositoryRoot, migrationsFolder)}`,
    ],
    { cwd: repositoryRoot, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (generated.status !== 0) {
    throw new Error(
      `drizzle-kit generate --custom failed (exit ${generated.status}):\n${generated.stdout}${generated.stderr}`,
    );
  }
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { tag: string }[] };
  const file = path.join(migrationsFolder, `${journal.entries.at(-1)!.tag}.sql`);
  writeFileSync(file, functionMigrationSql(pending));
  return file;
}
