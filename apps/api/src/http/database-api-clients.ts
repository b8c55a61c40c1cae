import { apiClients, type Database } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { type ApiClientLookup, cacheApiClientLookup } from "./api-clients.ts";

/** API clients come from the `api_clients` table, with a short in-process cache. */
export function openDatabaseApiClients(db: Database): ApiClientLookup {
  return cacheApiClientLookup(async (publicKey) => {
    const [row] = await db
      .select()
      .from(apiClients)
      .where(and(eq(apiClients.publicKey, publicKey), eq(apiClients.active, true)))
      .limit(1);
    return row
      ? {
          id: row.id,
          name: row.name,
          publicKey: row.publicKey,
          secret: row.secret,
          algorithm: row.algorithm,
        }
      : null;
  });
}
