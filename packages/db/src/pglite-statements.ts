import { type PGlite, protocol, type Results, types, messages as wire } from "@electric-sql/pglite";

/** Distinct query texts kept as named statements; the least recently used is closed. */
const MAX_STATEMENTS = 256;

type QueryOptions = Parameters<PGlite["query"]>[2];
type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

interface Statement {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

/**
 * Makes `pglite.query` run each distinct text as a named prepared statement
 * (docs/decisions/042-pglite-named-statements.md). PGlite's own `query` sends Parse,
 * Describe, Bind, Describe, Execute and Sync as six calls into its WebAssembly, and PostgreSQL
 * parses, analyses and plans the text every time: about 1.1 ms a query on this box, 3 to 5
 * times what the same query costs once prepared (Bind, Execute and Sync in one call). Drizzle
 * calls `query` for everything outside a transaction, so every hot path gains.
 *
 * Answers are the same as PGlite's own (`rows` as objects or arrays, the same parsers and
 * serializers, `affectedRows`, and errors thrown with the query attached), under the same two
 * locks `query` takes. Calls it cannot answer so (a blob, parameter types given by the caller)
 * and queries inside a transaction (PGlite's transaction object) keep PGlite's path.
 */
export function useNamedStatements(pglite: PGlite): void {
  const original = pglite.query.bind(pglite);
  const statements = new Map<string, Statement>();
  let counter = 0;

  const run = (message: Uint8Array, options?: QueryOptions) =>
    pglite.execProtocolStream(message, { onNotice: options?.onNotice, syncToFs: false });

  async function prepare(text: string, options: QueryOptions): Promise<Statement> {
    const name = `obmen_s${++counter}`;
    const messages = await run(
      concat(
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ),
      options,
    );
    const statement: Statement = { name, paramTypes: [], fields: [] };
    for (const message of messages) {
      if (message instanceof wire.ParameterDescriptionMessage) {
        statement.paramTypes = message.dataTypeIDs;
      } else if (message instanceof wire.RowDescriptionMessage) {
        statement.fields = message.fields.map(({ name: field, dataTypeID }) => ({
          name: field,
          dataTypeID,
        }));
      }
    }
    if (statements.size >= MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await run(
        concat(
          protocol.serialize.close({ type: "S", name: oldest.name }),
          protocol.serialize.sync(),
        ),
      );
    }
    statements.set(text, statement);
    return statement;
  }

  async function execute(
    text: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<Results<unknown>> {
    let statement = statements.get(text);
    const cached = statement !== undefined;
    if (statement) {
      // Most recently used last: the map's first entry is the one to close.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index]!;
      const serialize = options?.serializers?.[type] ?? pglite.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    let messages: BackendMessage[];
    try {
      messages = await run(
        concat(
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ),
        options,
      );
    } catch (error) {
      // A table's columns changed under a kept statement ("cached plan must not change result
      // type"): forget it and prepare the text afresh, once.
      if (!cached || (error as { code?: string }).code !== "0A000") throw error;
      statements.delete(text);
      await run(
        concat(
          protocol.serialize.close({ type: "S", name: statement.name }),
          protocol.serialize.sync(),
        ),
      );
      return execute(text, params, options);
    }
    return resultOf(messages, statement.fields, options, pglite.parsers);
  }

  pglite.query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (options?.blob || options?.paramTypes) return original(text, params, options);
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        try {
          const result = await execute(text, params, options);
          await pglite.syncToFs();
          return result;
        } catch (error) {
          // As PGlite's own query: the failing text and values travel with the error.
          if (error instanceof Error && "code" in error) {
            Object.assign(error, { query: text, params, queryOptions: options });
          }
          throw error;
        }
      }),
    );
  }) as PGlite["query"];
}

/** PGlite's Results from one Bind/Execute/Sync exchange. */
function resultOf(
  messages: BackendMessage[],
  fields: Statement["fields"],
  options: QueryOptions,
  instanceParsers: PGlite["parsers"],
): Results<unknown> {
  const parsers = options?.parsers ? { ...instanceParsers, ...options.parsers } : instanceParsers;
  const parse = (value: string | null, type: number) => {
    if (value === null) return null;
    const parser = parsers[type] ?? types.parsers[type];
    return parser ? parser(value, type) : value;
  };
  const rows: unknown[] = [];
  let command: string | undefined;
  let affectedRows = 0;
  let rowCount: number | undefined;
  for (const message of messages) {
    if (message instanceof wire.DataRowMessage) {
      const values = message.fields as (string | null)[];
      if (options?.rowMode === "array") {
        rows.push(values.map((value, index) => parse(value, fields[index]!.dataTypeID)));
      } else {
        rows.push(
          Object.fromEntries(
            values.map((value, index) => [
              fields[index]!.name,
              parse(value, fields[index]!.dataTypeID),
            ]),
          ),
        );
      }
    } else if (message instanceof wire.CommandCompleteMessage) {
      // "INSERT 0 3", "UPDATE 2", "SELECT 5": the count is the last word.
      const words = message.text.split(" ");
      command = words[0];
      const count = Number.parseInt(words[words.length - 1]!, 10);
      if (!Number.isNaN(count)) rowCount = count;
      if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command!)) affectedRows = count;
    }
  }
  return {
    rows,
    fields,
    affectedRows,
    ...(command === undefined ? {} : { command }),
    ...(rowCount === undefined ? {} : { rowCount }),
  } as Results<unknown>;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
