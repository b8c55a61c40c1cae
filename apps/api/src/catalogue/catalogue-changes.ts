/**
 * Tells every process that the catalogue (rates, reserves, limits, pairs) changed, so each
 * drops its cached pair list. One process uses the in-memory bus; replicas on PostgreSQL use
 * LISTEN/NOTIFY (apps/server), so a change made on one replica reaches all of them.
 */
export interface CatalogueChanges {
  publish(): Promise<void>;
  subscribe(listener: () => void): () => void;
}

export function createLocalCatalogueChanges(): CatalogueChanges {
  const listeners = new Set<() => void>();
  return {
    async publish() {
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
