import { randomBytes } from "node:crypto";
import type { ClientCredentials } from "@obmen/contracts/sdk";
import { apiClients, type Database, ensureApiClient } from "@obmen/db";
import { eq } from "drizzle-orm";

/** The name of the web tier's own row in `api_clients`. */
export const WEB_CLIENT_NAME = "web-tier";

/**
 * The web tier signs its calls like any partner (DESIGN.md "Tiers"). Keys from the environment
 * win and are registered so the API accepts them; otherwise keys are generated once and kept in
 * the database, so every replica on one PostgreSQL signs with the same client.
 */
export async function resolveWebClient(options: {
  db: Database;
  publicKey?: string;
  secret?: string;
}): Promise<ClientCredentials> {
  const { db } = options;
  if (options.publicKey && options.secret) {
    await ensureApiClient(db, {
      name: WEB_CLIENT_NAME,
      publicKey: options.publicKey,
      secret: options.secret,
    });
    return { publicKey: options.publicKey, secret: options.secret, algorithm: "sha256" };
  }
  const generated = {
    name: WEB_CLIENT_NAME,
    publicKey: `web_${randomBytes(12).toString("hex")}`,
    secret: randomBytes(32).toString("hex"),
  };
  // Two replicas starting together may both generate: the unique name keeps one row, and
  // both then read the winner back.
  await db.insert(apiClients).values(generated).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(apiClients)
    .where(eq(apiClients.name, WEB_CLIENT_NAME))
    .limit(1);
  if (!row) throw new Error("could not create the web tier's API client");
  return { publicKey: row.publicKey, secret: row.secret, algorithm: row.algorithm };
}
