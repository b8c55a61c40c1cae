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
 * every start: configuration is the source of truth for these keys, so a rotated secret or a
 * client an operator switched off is brought back in line rather than locking the site out.
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
  const [row] = await db
    .insert(apiClients)
    .values({ publicKey: options.publicKey, ...values })
    .onConflictDoUpdate({ target: apiClients.publicKey, set: values })
    .returning();
  if (!row) throw new Error("Upserting the API client returned no row");
  return row;
}
