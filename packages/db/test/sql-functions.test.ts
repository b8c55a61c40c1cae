import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { TransactionRollbackError } from "drizzle-orm/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Transaction } from "../src/connection.ts";
import { migrateDatabase, migrationsFolder } from "../src/migrate.ts";
import {
  definitionKey,
  functionBody,
  functionMigrationSql,
  functionSourcesFolder,
  type PendingDefinition,
  readFunctionSources,
  readMigratedDefinitions,
  type SqlDefinition,
  sameStatement,
  triggerTable,
} from "../src/sql-functions.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing.ts";
import { writeFunctionMigration } from "../src/write-function-migration.ts";
import { tempDirs } from "./support/temp-dirs.ts";

const sources = readFunctionSources();
const sourceDefinitions = sources.flatMap(({ definitions }) => definitions);
const namesOf = (kind: SqlDefinition["kind"]) =>
  sourceDefinitions.filter((definition) => definition.kind === kind).map(({ name }) => name);

describe("SQL function sources", () => {
  it("each define the function they are named after, first", () => {
    expect(sources.length).toBeGreaterThan(0);
    for (const { file, definitions } of sources) {
      expect(definitions[0], file).toMatchObject({ kind: "function", name: file.slice(0, -4) });
    }
  });

  it("are, statement for statement, the copy in the last migration that creates each", () => {
    const migrated = readMigratedDefinitions();
    for (const definition of sourceDefinitions) {
      const copy = migrated.get(definitionKey(definition));
      expect(copy, `no migration creates ${definitionKey(definition)}`).toBeDefined();
      // On a mismatch, the diff shows where: toBe compares the exact texts.
      if (!sameStatement(definition.statement, copy!.statement)) {
        expect(definition.statement, `${definitionKey(definition)} in ${copy!.migration}`).toBe(
          copy!.statement,
        );
      }
    }
  });

  it("exist for every function and trigger the migrations leave", () => {
    const sourced = new Set(sourceDefinitions.map(definitionKey));
    const unsourced = [...readMigratedDefinitions().keys()].filter((key) => !sourced.has(key));
    expect(unsourced).toEqual([]);
  });
});

describe("a migrated database", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test?.close());

  it("has exactly the functions and triggers that have sources", async () => {
    const catalogue = await catalogueDefinitions(test.db);
    expect(Object.keys(catalogue).sort()).toEqual(sourceDefinitions.map(definitionKey).sort());
  });

  it("runs each function's body as its source has it", async () => {
    for (const name of namesOf("function")) {
      const { rows } = await test.db.execute<{ prosrc: string }>(
        sql`select prosrc from pg_proc where proname = ${name}
          and pronamespace = 'public'::regnamespace`,
      );
      const source = sourceDefinitions.find((definition) => definition.name === name)!;
      expect(rows.map((row) => row.prosrc)).toEqual([functionBody(source.statement)]);
    }
  });

  it("is left as it is by running the sources again: parameters, result and options too", async () => {
    const before = await catalogueDefinitions(test.db);
    let replayed: Record<string, string> = {};
    await expect(
      test.db.transaction(async (tx) => {
        for (const { kind, name, statement } of sourceDefinitions) {
          if (kind === "trigger") {
            await tx.execute(sql.raw(`DROP TRIGGER "${name}" ON ${triggerTable(statement)}`));
          }
          await tx.execute(sql.raw(statement));
        }
        replayed = await catalogueDefinitions(tx);
        tx.rollback();
      }),
    ).rejects.toThrow(TransactionRollbackError);
    expect(replayed).toEqual(before);
  });
});

/** The database's own rendering of each function and trigger in `public`, by definition key. */
async function catalogueDefinitions(db: Database | Transaction): Promise<Record<string, string>> {
  const { rows } = await db.execute<{ key: string; definition: string }>(
    sql`select 'function ' || p.proname as key, pg_get_functiondef(p.oid) as definition
      from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      union all
      select 'trigger ' || t.tgname, pg_get_triggerdef(t.oid)
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`,
  );
  const definitions: Record<string, string> = {};
  for (const { key, definition } of rows) {
    // Two functions of one name (an overload left behind) must not hide each other.
    definitions[key in definitions ? `${key} (again)` : key] = definition;
  }
  return definitions;
}

describe("a function migration", () => {
  it("replaces a function whose body changed, with no drop", () => {
    const keepHeld = pendingFrom("reserve_holds_keep_held.sql", "function");
    const changed = withStatement(
      keepHeld,
      keepHeld.statement.replace("RETURN NULL;", "RETURN NULL; -- why"),
    );
    expect(functionMigrationSql([changed])).toBe(
      "-- Written by `npm run db:functions` from packages/db/sql/functions/reserve_holds_keep_held.sql.\n" +
        `${changed.statement.trim()}\n`,
    );
  });

  it("drops the old signature first when the parameters change", () => {
    const createOrder = pendingFrom("create_order.sql", "function");
    const changed = withStatement(
      createOrder,
      createOrder.statement.replace("p_rid text\n", "p_rid text,\n\tp_note text DEFAULT ''\n"),
    );
    const statements = functionMigrationSql([changed]).split("\n--> statement-breakpoint\n");
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(
      /\nDROP FUNCTION "create_order"\(p_order_id uuid, p_pair_id integer, .*, p_mail_content jsonb, p_rid text\);$/,
    );
    expect(statements[1]).toBe(`${changed.statement.trim()}\n`);
    // The next migration drops the new signature, defaults left out as DROP FUNCTION needs.
    const next = withStatement(changed, changed.statement.replace("RETURNS jsonb", "RETURNS json"));
    next.migrated = { ...changed, migration: "0009_create_order" };
    expect(functionMigrationSql([next])).toContain("p_rid text, p_note text);");
  });

  it("drops and creates a trigger again, on the table it was on", () => {
    const keepHeldTrigger = pendingFrom("reserve_holds_keep_held.sql", "trigger");
    const changed = withStatement(
      keepHeldTrigger,
      keepHeldTrigger.statement.replace("OR DELETE ", ""),
    );
    expect(functionMigrationSql([changed]).split("\n--> statement-breakpoint\n")).toEqual([
      expect.stringMatching(
        /\nDROP TRIGGER IF EXISTS "reserve_holds_keep_held" ON "reserve_holds";$/,
      ),
      `${changed.statement.trim()}\n`,
    ]);
  });

  const tempDir = tempDirs("obmen-function-migration-");

  it("is written by drizzle-kit as the next migration, and migrates a database to the sources", async () => {
    const root = tempDir();
    const folders = {
      sourcesFolder: path.join(root, "functions"),
      migrationsFolder: path.join(root, "drizzle"),
    };
    cpSync(functionSourcesFolder, folders.sourcesFolder, { recursive: true });
    cpSync(migrationsFolder, folders.migrationsFolder, { recursive: true });
    const before = readdirSync(folders.migrationsFolder).filter((file) => file.endsWith(".sql"));
    expect(writeFunctionMigration(folders)).toBeUndefined();

    const sourceFile = path.join(folders.sourcesFolder, "create_order.sql");
    writeFileSync(
      sourceFile,
      readFileSync(sourceFile, "utf8").replace("p_rid text\n", "p_rid text,\n\tp_note text\n"),
    );
    const written = writeFunctionMigration({ ...folders, name: "order_note" })!;
    // Numbered after the highest one: numbers given out to branches leave gaps until merged.
    const next = Math.max(...before.map((file) => Number(file.slice(0, 4)))) + 1;
    expect(path.basename(written)).toBe(`${String(next).padStart(4, "0")}_order_note.sql`);
    expect(writeFunctionMigration(folders)).toBeUndefined();

    const database = await createTestDatabase({ migrate: false });
    try {
      await migrateDatabase(database, { migrationsFolder: folders.migrationsFolder });
      const { rows } = await database.db.execute<{ args: string }>(
        sql`select pg_get_function_identity_arguments(oid) as args from pg_proc
          where proname = 'create_order' and pronamespace = 'public'::regnamespace`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.args).toMatch(/p_rid text, p_note text$/);
    } finally {
      await database.close();
    }
    // It starts drizzle-kit and migrates a fresh database: seconds each on a busy machine.
  }, 90_000);
});

/** A source definition as if it were pending, with the migrations' copy of it. */
function pendingFrom(file: string, kind: SqlDefinition["kind"]): PendingDefinition {
  const definition = sources
    .find((source) => source.file === file)
    ?.definitions.find((candidate) => candidate.kind === kind);
  if (!definition) throw new Error(`No ${kind} in sql/functions/${file}`);
  const migrated = readMigratedDefinitions().get(definitionKey(definition));
  return { ...definition, file, migrated };
}

function withStatement(definition: PendingDefinition, statement: string): PendingDefinition {
  expect(statement).not.toBe(definition.statement);
  return { ...definition, statement };
}
