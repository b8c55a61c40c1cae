// `npm run admin:create -- --email you@example.com [--role admin|operator|editor] [--reset]`:
// creates an operator account on the configured database (DATABASE_URL, else the embedded one
// in DATA_DIR), or with --reset gives an existing one a new password, enables it and removes
// its second factor. The password comes from ADMIN_PASSWORD, else it is asked for twice
// without echo (or read as one line from a pipe). The embedded database is locked by a
// running server: stop it first, or use the console's own "new operator" call.
import { parseArgs } from "node:util";
import { createOperator, describeRefusal, resetOperatorAccess } from "@obmen/api";
import { OPERATOR_ROLES, type OperatorRole } from "@obmen/contracts";
import { DataDirLockedError, migrateDatabase, openDatabase } from "@obmen/db";
import { parseAdminCliConfig } from "../config.ts";
import { readCliConfig } from "./read-cli-config.ts";
import { readPassword } from "./read-password.ts";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    role: { type: "string", default: "admin" },
    reset: { type: "boolean", default: false },
  },
});
if (!values.email || !(OPERATOR_ROLES as readonly string[]).includes(values.role)) {
  console.error(
    "Usage: npm run admin:create -- --email you@example.com [--role admin|operator|editor] [--reset]",
  );
  process.exit(2);
}

// Read as the server reads them (apps/server/src/config.ts), so a bad value is named.
const config = readCliConfig(parseAdminCliConfig);
const password = config.ADMIN_PASSWORD || (await readPassword());
let handle: Awaited<ReturnType<typeof openDatabase>>;
try {
  handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(3);
  }
  throw error;
}
try {
  await migrateDatabase(handle);
  const operator = values.reset
    ? await resetOperatorAccess({ db: handle.db, email: values.email, password })
    : await createOperator({
        db: handle.db,
        email: values.email,
        password,
        role: values.role as OperatorRole,
        actor: { operatorId: null, ip: null },
      });
  console.log(
    values.reset
      ? `Operator ${operator.email} (${operator.role}): new password set, account enabled, second factor removed, sessions ended.`
      : `Operator ${operator.email} created with the role ${operator.role}. Sign in at /admin.`,
  );
} catch (error) {
  console.error(describeRefusal(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
