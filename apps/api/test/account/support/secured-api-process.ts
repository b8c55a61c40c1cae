// An API replica for the account-limits tests: the API alone on a real PostgreSQL, with its
// limits and used captcha solutions in the shared rate_limits table, on the port it is given
// (PORT) and with the policy given as JSON (POLICY). Prints "ready <port>" once listening.
import type { AddressInfo } from "node:net";
import { openDatabase } from "@obmen/db";
import Fastify from "fastify";
import {
  createAccountSecurity,
  createDatabaseReplayGuard,
  createLocalCatalogueChanges,
  openDatabaseApiClients,
  registerApi,
} from "../../../src/index.ts";
import { HARNESS_PUBLIC_CALLS } from "../../support/harness-budgets.ts";
import { EASY_CAPTCHA, LOOSE_POLICY, SERVER_SECRET } from "./security-kit.ts";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "" });
if (database.client.engine !== "postgres") throw new Error("a replica needs PostgreSQL");
const app = Fastify({ logger: false });
await registerApi(app, {
  db: database.db,
  ping: database.ping,
  clients: openDatabaseApiClients(database.db),
  // The server's pick on PostgreSQL without Redis: logins remember their signatures in the
  // statement that spends and reads their limits (account/login/login-opening.ts).
  replayGuard: createDatabaseReplayGuard(database.db),
  catalogueChanges: createLocalCatalogueChanges(),
  appUrl: "http://localhost",
  jobs: null,
  checkResponses: true,
  accountSecurity: createAccountSecurity({
    store: { kind: "postgres", pool: database.client.pool },
    serverSecret: SERVER_SECRET,
    captchaDifficulty: EASY_CAPTCHA,
    policy: { ...LOOSE_POLICY, ...JSON.parse(process.env.POLICY ?? "{}") },
    publicCallPolicy: HARNESS_PUBLIC_CALLS,
  }),
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log(`ready ${(app.server.address() as AddressInfo).port}`);
process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
