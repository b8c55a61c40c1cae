import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useNamedStatements } from "../src/pglite-statements.ts";

// Named statements must answer exactly as PGlite's own `query` does (decision 042): a second
// PGlite without them is the reference for every case.
describe("PGlite queries as named prepared statements", () => {
  let named: PGlite;
  let plain: PGlite;
  const setup = `
    create table things (
      id serial primary key, label text, amount numeric(20, 8), flag boolean,
      at timestamptz, big bigint, tags text[], doc jsonb, raw bytea
    );
    insert into things (label, amount, flag, at, big, tags, doc, raw) values
      ('one', 1.5, true, '2026-01-02T03:04:05Z', 9007199254740993, '{a,b}', '{"k": [1, 2]}', '\\x0102'),
      ('two', null, false, null, null, null, null, null);`;

  beforeAll(async () => {
    named = await PGlite.create("memory://");
    plain = await PGlite.create("memory://");
    useNamedStatements(named);
    for (const db of [named, plain]) await db.exec(setup);
  });
  afterAll(async () => {
    await named?.close();
    await plain?.close();
  });

  const both = async (
    text: string,
    params?: unknown[],
    options?: Parameters<PGlite["query"]>[2],
  ) => {
    const [mine, theirs] = [
      await named.query(text, params, options),
      await plain.query(text, params, options),
    ];
    return { mine, theirs };
  };

  it("reads rows, types and nulls as PGlite does, as objects and as arrays", async () => {
    for (const rowMode of ["object", "array"] as const) {
      const { mine, theirs } = await both("select * from things where id >= $1 order by id", [1], {
        rowMode,
      });
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.rows).toHaveLength(2);
      expect(mine.fields).toEqual(theirs.fields);
    }
  });

  it("uses the caller's parsers and serializers, as Drizzle passes them", async () => {
    const parsers = { [types.TIMESTAMPTZ]: (value: string) => value };
    const { mine, theirs } = await both(
      "select at, $1::timestamptz as given from things where label = $2",
      [new Date("2026-05-06T07:08:09Z"), "one"],
      { parsers },
    );
    expect(mine.rows).toEqual(theirs.rows);
    expect(typeof (mine.rows[0] as { at: unknown }).at).toBe("string");
  });

  it("serializes parameters by their types: json, arrays, bigint, booleans, null", async () => {
    const text = `select $1::jsonb as doc, $2::text[] as tags, $3::bigint as big, $4::boolean as flag,
      $5::text as nothing, $6::numeric as amount`;
    const params = [{ a: [1, "x"] }, ["p", "q r"], 12n, false, null, "0.000000010"];
    const { mine, theirs } = await both(text, params);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.rows[0]).toMatchObject({ doc: { a: [1, "x"] }, tags: ["p", "q r"], flag: false });
  });

  it("counts the rows a write touched, with its command", async () => {
    const insert = await both("insert into things (label) values ($1), ($2)", ["x", "y"]);
    expect(insert.mine).toMatchObject({ affectedRows: 2, command: "INSERT", rows: [] });
    expect(insert.mine.affectedRows).toBe(insert.theirs.affectedRows);
    const update = await both("update things set flag = $1 where label = any($2) returning id", [
      true,
      ["x", "y"],
    ]);
    expect(update.mine.affectedRows).toBe(2);
    expect(update.mine.rows).toEqual(update.theirs.rows);
  });

  it("throws PostgreSQL's error with the query, and the next query still works", async () => {
    const failure = await named
      .query("insert into things (id, label) values ($1, $2)", [1, "dup"])
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "23505", query: expect.stringContaining("insert") });
    const again = await named
      .query("insert into things (id, label) values ($1, $2)", [1, "dup"])
      .catch((error: unknown) => error);
    expect(again).toMatchObject({ code: "23505" });
    expect((await named.query("select count(*)::int as n from things")).rows).toEqual([{ n: 4 }]);
  });

  it("keeps at most its statement limit, closing the least recently used", async () => {
    for (let i = 0; i < 300; i++) {
      const { rows } = await named.query(`select $1::int + ${i} as n`, [1]);
      expect(rows).toEqual([{ n: 1 + i }]);
    }
    const { rows } = await named.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements",
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(256);
    expect(rows[0]!.n).toBeGreaterThan(200);
  });

  it("waits for an open transaction, as PGlite's own query does", async () => {
    let answered = false;
    let answeredDuringTransaction: boolean | undefined;
    let outside: Promise<{ rows: { label: string }[] }> | undefined;
    await named.transaction(async (tx) => {
      await tx.query("update things set label = $1 where id = $2", ["in-tx", 1]);
      outside = named.query<{ label: string }>("select label from things where id = $1", [1]);
      void outside.then(() => {
        answered = true;
      });
      // Time for a query that did not wait to run and answer (PGlite has one session: it
      // would run inside this transaction). Passing does not depend on the box's speed.
      await new Promise((resolve) => setTimeout(resolve, 50));
      answeredDuringTransaction = answered;
    });
    expect(answeredDuringTransaction).toBe(false);
    expect((await outside!).rows).toEqual([{ label: "in-tx" }]);
  });

  it("answers concurrent queries each with its own rows", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        named.query<{ n: number }>("select $1::int * 2 as n", [index]),
      ),
    );
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(
      Array.from({ length: 40 }, (_, index) => index * 2),
    );
  });

  it("prepares a text afresh when its table's columns changed under it", async () => {
    await named.exec("create table shifting (a int); insert into shifting values (1);");
    expect((await named.query("select * from shifting")).rows).toEqual([{ a: 1 }]);
    await named.exec("alter table shifting add column b text default 'x';");
    expect((await named.query("select * from shifting")).rows).toEqual([{ a: 1, b: "x" }]);
  });
});
