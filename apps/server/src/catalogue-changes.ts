import { type CatalogueChanges, createLocalCatalogueChanges } from "@obmen/api";
import type { DatabaseHandle } from "@obmen/db";

const CATALOGUE_CHANNEL = "obmen_catalogue";

/**
 * On PostgreSQL every replica LISTENs on one channel and a change is NOTIFYed to all of them,
 * so a rate edited through one replica drops the cached pair list on every replica. The
 * embedded database has one process, so the in-memory bus is the whole story there.
 */
export async function openCatalogueChanges(
  handle: DatabaseHandle,
  /** Another channel gives another bus of the same kind (site texts use `obmen_content`). */
  channel = CATALOGUE_CHANNEL,
): Promise<{
  changes: CatalogueChanges;
  close: () => Promise<void>;
}> {
  const local = createLocalCatalogueChanges();
  if (handle.client.engine !== "postgres") return { changes: local, close: async () => {} };

  const listener = await handle.client.pool.connect();
  listener.on("notification", (message) => {
    if (message.channel === channel) void local.publish();
  });
  await listener.query(`LISTEN ${channel}`);
  const pool = handle.client.pool;
  return {
    changes: {
      // The notification comes back to this replica too, which then clears its own cache.
      publish: async () => {
        await pool.query("SELECT pg_notify($1, '')", [channel]);
      },
      subscribe: local.subscribe,
    },
    close: async () => {
      listener.release();
    },
  };
}
