import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrationsFolder as defaultMigrationsFolder } from "./migrate.ts";

/**
 * The sources of the database's functions (and their triggers), one file per function. The
 * migrations hold copies: a source is current when the last migration that creates each of its
 * definitions has the same text (README, "SQL functions").
 */
export const functionSourcesFolder = fileURLToPath(new URL("../sql/functions", import.meta.url));

export type SqlDefinition = {
  kind: "function" | "trigger";
  name: string;
  /** From `CREATE` to its closing semicolon, as written. */
  statement: string;
};

/** A definition as the last migration that creates it has it. */
export type MigratedDefinition = SqlDefinition & { migration: string };

export type FunctionSource = { file: string; definitions: SqlDefinition[] };

/** A source definition that no migration applies yet, and what the migrations have instead. */
export type PendingDefinition = SqlDefinition & {
  file: string;
  migrated: MigratedDefinition | undefined;
};

export type FunctionFolders = { sourcesFolder?: string; migrationsFolder?: string };

// Anchored at a line start, so a comment that mentions a statement never counts. One function
// per name, in the public schema: the migrations overload none.
const createPattern =
  /^CREATE\s+(?:OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)\s+(?:"?public"?\.)?"?(\w+)"?/gim;
const dropPattern = /^DROP\s+(FUNCTION|TRIGGER)\s+(?:IF\s+EXISTS\s+)?(?:"?public"?\.)?"?(\w+)"?/gim;
const dollarQuote = /\$(\w*)\$/g;

export function definitionKey(definition: Pick<SqlDefinition, "kind" | "name">): string {
  return `${definition.kind} ${definition.name}`;
}

/** The functions and triggers a SQL text creates, in order. */
export function findDefinitions(text: string): SqlDefinition[] {
  return locateDefinitions(text).map(({ at: _, ...definition }) => definition);
}

function locateDefinitions(text: string): (SqlDefinition & { at: number })[] {
  return [...text.matchAll(createPattern)].map((match) => {
    const kind = match[1]!.toLowerCase() as SqlDefinition["kind"];
    const end = statementEnd(text, match.index, kind);
    return { at: match.index, kind, name: match[2]!, statement: text.slice(match.index, end) };
  });
}

function statementEnd(text: string, start: number, kind: SqlDefinition["kind"]): number {
  let from = start;
  if (kind === "function") {
    // The body may hold semicolons: the statement ends after its closing dollar quote.
    dollarQuote.lastIndex = start;
    const opening = dollarQuote.exec(text);
    const closing = opening ? text.indexOf(opening[0], opening.index + opening[0].length) : -1;
    if (!opening || closing < 0) {
      throw new Error(`A function's body must be dollar-quoted: ${text.slice(start, start + 80)}`);
    }
    from = closing + opening[0].length;
  }
  const semicolon = text.indexOf(";", from);
  if (semicolon < 0) throw new Error(`No semicolon ends ${text.slice(start, start + 80)}`);
  return semicolon + 1;
}

/** The text between a function's dollar quotes: what PostgreSQL keeps as `pg_proc.prosrc`. */
export function functionBody(statement: string): string {
  dollarQuote.lastIndex = 0;
  const opening = dollarQuote.exec(statement)!;
  const start = opening.index + opening[0].length;
  return statement.slice(start, statement.indexOf(opening[0], start));
}

/** The table a `CREATE TRIGGER` statement attaches its trigger to, as written. */
export function triggerTable(statement: string): string {
  const table = /\sON\s+((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)/i.exec(statement)?.[1];
  if (!table) throw new Error(`No table in ${statement.slice(0, 80)}`);
  return table;
}

/** Texts that differ only in trailing whitespace are the same statement. */
export function sameStatement(a: string, b: string): boolean {
  const normalise = (text: string) =>
    text
      .split("\n")
      .map((line) => line.trimEnd())
      .join("\n")
      .trim();
  return normalise(a) === normalise(b);
}

export function readFunctionSources(folder = functionSourcesFolder): FunctionSource[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => ({
      file,
      definitions: findDefinitions(readFileSync(path.join(folder, file), "utf8")),
    }));
}

/**
 * What the migrations leave defined, in the journal's order: each function and trigger with the
 * statement of the last migration that creates it; one that a later migration drops is gone.
 */
export function readMigratedDefinitions(
  folder = defaultMigrationsFolder,
): Map<string, MigratedDefinition> {
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const defined = new Map<string, MigratedDefinition>();
  for (const { tag } of journal.entries) {
    const text = readFileSync(path.join(folder, `${tag}.sql`), "utf8");
    const drops = [...text.matchAll(dropPattern)].map((match) => ({
      at: match.index,
      key: definitionKey({
        kind: match[1]!.toLowerCase() as SqlDefinition["kind"],
        name: match[2]!,
      }),
    }));
    const creates = locateDefinitions(text).map(({ at, ...definition }) => ({
      at,
      key: definitionKey(definition),
      definition: { ...definition, migration: tag },
    }));
    const changes: { at: number; key: string; definition?: MigratedDefinition }[] = [
      ...drops,
      ...creates,
    ];
    for (const { key, definition } of changes.sort((a, b) => a.at - b.at)) {
      if (definition) defined.set(key, definition);
      else defined.delete(key);
    }
  }
  return defined;
}

/** The source definitions whose text no migration applies yet, in the sources' order. */
export function findPendingDefinitions(folders: FunctionFolders = {}): PendingDefinition[] {
  const migrated = readMigratedDefinitions(folders.migrationsFolder);
  return readFunctionSources(folders.sourcesFolder).flatMap(({ file, definitions }) =>
    definitions
      .map((definition) => ({
        ...definition,
        file,
        migrated: migrated.get(definitionKey(definition)),
      }))
      .filter(
        ({ statement, migrated }) => !migrated || !sameStatement(statement, migrated.statement),
      ),
  );
}

/**
 * The migration that applies pending definitions. `CREATE OR REPLACE` cannot change a
 * function's parameters or result, so then the previous signature is dropped first; a trigger
 * written as a plain `CREATE TRIGGER` is dropped and created again.
 */
export function functionMigrationSql(pending: PendingDefinition[]): string {
  const files = [...new Set(pending.map(({ file }) => `packages/db/sql/functions/${file}`))];
  const statements = pending.flatMap((definition) => [
    ...dropsBefore(definition),
    definition.statement.trim(),
  ]);
  const header = `-- Written by \`npm run db:functions\` from ${files.join(", ")}.\n`;
  return `${header}${statements.join("\n--> statement-breakpoint\n")}\n`;
}

function dropsBefore({ kind, name, statement, migrated }: PendingDefinition): string[] {
  if (!migrated) return [];
  if (kind === "trigger") {
    if (/^CREATE\s+OR\s+REPLACE/i.test(statement)) return [];
    return [`DROP TRIGGER IF EXISTS "${name}" ON ${triggerTable(migrated.statement)};`];
  }
  const before = functionSignature(migrated.statement);
  const after = functionSignature(statement);
  if (before.parameters === after.parameters && before.returns === after.returns) return [];
  return [`DROP FUNCTION "${name}"(${before.dropArguments});`];
}

/**
 * A function's parameter list and the rest of its RETURNS line, whitespace collapsed. A change
 * in either drops the old function; one that did not need to (another attribute written on the
 * RETURNS line) costs nothing, as the migration creates the function again at once.
 */
function functionSignature(statement: string) {
  const open = statement.indexOf("(");
  const close = closingParenthesis(statement, open);
  const collapse = (text: string) =>
    text
      .replace(/--[^\n]*/g, "")
      .replace(/\s+/g, " ")
      .trim();
  const parameterList = statement.slice(open + 1, close);
  return {
    parameters: collapse(parameterList),
    returns: collapse(/^\s*RETURNS\s+([^\n]*)/i.exec(statement.slice(close + 1))?.[1] ?? ""),
    // DROP FUNCTION takes names and modes, not defaults.
    dropArguments: splitTopLevel(parameterList)
      .map((parameter) => collapse(parameter).replace(/\s+(?:DEFAULT\b|=).*$/i, ""))
      .filter(Boolean)
      .join(", "),
  };
}

function closingParenthesis(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "(") depth++;
    if (text[index] === ")" && --depth === 0) return index;
  }
  throw new Error(`Unbalanced parentheses in ${text.slice(0, 80)}`);
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index++) {
    if (list[index] === "(") depth++;
    if (list[index] === ")") depth--;
    if (list[index] === "," && depth === 0) {
      parts.push(list.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}
