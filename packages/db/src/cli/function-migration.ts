// `npm run db:functions [-- --name <name>]`: writes a migration applying every SQL function
// source (packages/db/sql/functions/) whose text its latest migration does not have.
import path from "node:path";
import { parseArgs } from "node:util";
import { writeFunctionMigration } from "../write-function-migration.ts";

const { values } = parseArgs({ options: { name: { type: "string" } } });
const written = writeFunctionMigration({ name: values.name });
if (written) {
  console.log(
    `Wrote ${path.relative(process.cwd(), written)}: say in it why the functions changed, then ` +
      "commit it with drizzle/meta/ and the sources.",
  );
} else {
  console.log("Every SQL function source matches its latest migration: nothing to write.");
}
