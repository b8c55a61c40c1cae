import { eq } from "drizzle-orm";
import type { Database } from "../connection.ts";
import { apiClients, type SignatureAlgorithm } from "../schema/api-clients.ts";

export type EnsureApiClientOptions = {
  publicKey: string;
  secret: string;
  name: string;
  algorithm?: SignatureAlgorithm;
};

export type ApiClientRow = typeof apiClients.$inferSelect;

/**
 * Makes the configured client (the web tier's own keys) exist and match the configuration, on
 * every start: configuration is the source of truth for these keys, so a rotated secret, a
 * rotated public key or a client an operator switched off is brought back in line rather than
 * locking the site out. The client is found by its public key, else by its name (a rotated
 * public key keeps the name the configuration gives it).
 */
export async function ensureApiClient(
  db: Database,
  options: EnsureApiClientOptions,
): Promise<ApiClientRow> {
  const values = {
    name: options.name,
    secret: options.secret,
    algorithm: options.algorithm ?? "sha256",
    active: true,
  };
  const [sameKey] = await db
    .update(apiClients)
    .set(values)
    .where(eq(apiClients.publicKey, options.publicKey))
    .returning();
  if (sameKey) return sameKey;
  const [row] = await db
    .insert(apiClients)
    .values({ publicKey: options.publicKey, ...values })
    .onConflictDoUpdate({
      target: apiClients.name,
      set: { publicKey: options.publicKey, ...values },
    })
    .returning();
  if (!row) throw new Error("Upserting the API client returned no row");
  return row;
}
