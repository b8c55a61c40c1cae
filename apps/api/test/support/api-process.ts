// A second (and third) server process for tests of what must hold across replicas:
// the API alone on a real PostgreSQL, on the port it is given (PORT, 0 for a free one). Prints
// "ready <port>" once listening.
import type { AddressInfo } from "node:net";
import { openDatabase } from "@obmen/db";
import Fastify from "fastify";
import {
  createDatabaseReplayGuard,
  createLocalCatalogueChanges,
  openDatabaseApiClients,
  registerApi,
} from "../../src/index.ts";
import { harnessAccountSecurity } from "./harness-budgets.ts";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "" });
const app = Fastify({ logger: false });
await registerApi(app, {
  db: database.db,
  ping: database.ping,
  clients: openDatabaseApiClients(database.db),
  // As `npm start` on PostgreSQL without Redis: replicas share replay protection.
  replayGuard: createDatabaseReplayGuard(database.db),
  catalogueChanges: createLocalCatalogueChanges(),
  appUrl: "http://localhost",
  jobs: null,
  checkResponses: true,
  accountSecurity: harnessAccountSecurity(),
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log(`ready ${(app.server.address() as AddressInfo).port}`);
process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
